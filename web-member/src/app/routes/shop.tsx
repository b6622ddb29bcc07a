export { ShopPage as ShopRoute } from '../../features/shop/shop-page';
export { ProductPage as ProductRoute } from '../../features/shop/product-page';
export { CartPage as CartRoute } from '../../features/shop/cart-page';
export { CheckoutPage as CheckoutRoute } from '../../features/shop/checkout-page';
export { CheckoutSuccessPage as CheckoutSuccessRoute, CheckoutFailedPage as CheckoutFailedRoute } from '../../features/shop/result-pages';
export { OrdersPage as OrdersRoute, OrderPage as OrderRoute } from '../../features/orders/orders-pages';
