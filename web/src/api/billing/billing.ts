/** The Subscription calls of spec §7 (functions/api/billing/routes.ts). */
import useSWR from 'swr';
import type {
  CancelledSubscription, CurrentSubscription, CustomerPortal, PaymentRequestBody, PaymentResponse, ProductView, StripeConfig,
} from '@contracts/billing.js';
import { readAccessToken } from '../../lib/session.js';
import { apiRequest } from '../api-client.js';

export type Product = ProductView;

export type { CurrentSubscription, PaymentResponse };

export const PRODUCTS_KEY = '/api/users/get_stripe_products/';
export const SUBSCRIPTION_KEY = '/api/users/get_subscription/';
export const STRIPE_CONFIG_KEY = '/api/users/get_stripe_config/';

export const getProducts = () => apiRequest<Product[]>(PRODUCTS_KEY, { auth: false });
export const getSubscription = () => apiRequest<CurrentSubscription>(SUBSCRIPTION_KEY);
export const getStripeConfig = () => apiRequest<StripeConfig>(STRIPE_CONFIG_KEY, { auth: false });

export const useProducts = () => useSWR(PRODUCTS_KEY, getProducts);
export const useSubscription = () => useSWR(readAccessToken() ? SUBSCRIPTION_KEY : null, getSubscription);
export const useStripeConfig = () => useSWR(STRIPE_CONFIG_KEY, getStripeConfig);

export function createPaymentIntent(body: PaymentRequestBody): Promise<PaymentResponse> {
  return apiRequest<PaymentResponse>('/api/users/create_payment_intent/', { method: 'POST', json: body });
}

export function subscribeTrial(priceId?: string): Promise<PaymentResponse> {
  return apiRequest<PaymentResponse>('/api/users/subscribe_trial/', { method: 'POST', json: priceId ? { price_id: priceId } : {} });
}

export function cancelSubscription(): Promise<CancelledSubscription> {
  return apiRequest<CancelledSubscription>('/api/users/cancel_subscription/', { method: 'POST', json: {} });
}

export function getCustomerPortal(): Promise<CustomerPortal> {
  return apiRequest<CustomerPortal>('/api/users/get_customer_portal/', { method: 'POST', json: {} });
}
