import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/storefront-layout.tsx", [
    index("routes/home.tsx"),
    route("shop", "routes/shop.tsx", { id: "shop" }),
    route("shop/category/:categoryId", "routes/shop.tsx", { id: "shop-category" }),
    route("product/:id", "routes/product.tsx"),
    route("cart", "routes/cart.tsx"),
    route("about", "routes/about.tsx"),
    route("catalog", "routes/catalog.tsx"),
    route("contact", "routes/contact.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("subscribe", "routes/subscribe.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
