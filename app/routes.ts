import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/storefront-layout.tsx", [
    index("routes/home.tsx"),
    route("shop", "routes/shop.tsx", { id: "shop" }),
    route("shop/category/:categoryId", "routes/shop.tsx", { id: "shop-category" }),
    route("product/:id", "routes/product.tsx"),
    route("cart", "routes/cart.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("confirmorder", "routes/confirm-order.tsx"),
    route("about", "routes/about.tsx"),
    route("catalog", "routes/catalog.tsx"),
    route("contact", "routes/contact.tsx"),
    route("login", "routes/login.tsx"),
    route("signup", "routes/signup.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("admin", "routes/admin-layout.tsx", [
    index("routes/admin-dashboard.tsx"),
    route("products", "routes/admin-products.tsx"),
    route("products/:id/view", "routes/admin-product-view.tsx"),
    route("categories", "routes/admin-categories.tsx"),
    route("*", "routes/admin-not-found.tsx", { id: "admin-not-found" }),
  ]),
  route("logout", "routes/logout.ts"),
  route("subscribe", "routes/subscribe.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
