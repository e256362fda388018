/** The shop's name and the texts that identify it. */
export const BRAND = {
  name: "Chamra",
  fullName: "Chamra Leather",
  tagline: "Handcrafted leather goods from Pakistan",
  blurb: "Wallets, bags, belts, office pieces, backpacks and shoes, cut and stitched by hand from full-grain leather in our Lahore workshop.",
  instagram: "https://www.instagram.com/",
  youtube: "https://www.youtube.com/",
  email: "support@chamra.pk",
  phone: "+92 300 1234567",
  address: "12 Workshop Road, Gulberg III, Lahore, Pakistan",
};
