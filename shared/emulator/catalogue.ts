/**
 * The emulator's merchant-portal catalogue: the emulator sells it in payment links (Method 1)
 * and the Flows panel offers its skus for a sandbox environment, so both read this one list.
 */

/** What a catalogue product and an order's line item both say about a product. */
export interface ProductFields {
  productId: number;
  name: string;
  description: string;
  price: number;
  promoPrice: number | null;
  promoId: string | null;
  promoName: string | null;
  requiresShipping: boolean;
}

/** A coupon template; dates are relative to "now" so each status stays reachable forever. */
export interface CouponTemplate {
  code: string;
  startOffsetDays: number;
  endOffsetDays: number;
  redemptionLimit: number;
  redemptionCount: number;
}

/** A product "created in the merchant portal", usable by sku in payment links (Method 1). */
export interface CatalogueProduct extends ProductFields {
  sku: string;
  imageUrl: string;
  quantityAvailable: number;
  coupon: CouponTemplate | null;
}

const IMG = 'https://sandbox.invalid/img';

/** Every sandbox store shares this catalogue; docs/emulator.md#sandbox-catalogue-payment-links-method-1 lists it. */
export const CATALOGUE: readonly CatalogueProduct[] = [
  product(501, 'CAFE-250', 'Café molido 250 g', 6.5, null, true),
  { ...product(502, 'TAZA-001', 'Taza de cerámica', 12, 9.99, true), promoId: 'PROMO-TAZA', promoName: 'Taza en oferta' },
  product(503, 'CURSO-ONLINE', 'Curso de barismo en línea', 49, null, false),
  coupon(504, 'CUPON-2X1', 'Cupón 2x1 en bebidas', { code: 'C2X1-7F3A', startOffsetDays: -1, endOffsetDays: 30, redemptionLimit: 100, redemptionCount: 3 }),
  coupon(505, 'CUPON-VERANO', 'Cupón de verano', { code: 'VERANO-91B2', startOffsetDays: 10, endOffsetDays: 40, redemptionLimit: 100, redemptionCount: 0 }),
  coupon(506, 'CUPON-VENCIDO', 'Cupón de temporada pasada', { code: 'PASADO-22C4', startOffsetDays: -60, endOffsetDays: -1, redemptionLimit: 100, redemptionCount: 12 }),
  coupon(507, 'CUPON-AGOTADO', 'Cupón de lanzamiento', { code: 'LANZA-55D0', startOffsetDays: -5, endOffsetDays: 20, redemptionLimit: 50, redemptionCount: 50 }),
];

function product(
  productId: number,
  sku: string,
  name: string,
  price: number,
  promoPrice: number | null,
  requiresShipping: boolean,
): CatalogueProduct {
  return {
    productId,
    sku,
    name,
    description: `${name} (producto de prueba del sandbox)`,
    price,
    promoPrice,
    promoId: null,
    promoName: null,
    imageUrl: `${IMG}/${sku.toLowerCase()}.png`,
    requiresShipping,
    quantityAvailable: 100,
    coupon: null,
  };
}

function coupon(productId: number, sku: string, name: string, c: CouponTemplate): CatalogueProduct {
  return { ...product(productId, sku, name, 5, null, false), coupon: c };
}

/** Looks a product up by sku (exact match, as a portal sku is an identifier). */
export function findProduct(sku: string): CatalogueProduct | undefined {
  return CATALOGUE.find((p) => p.sku === sku);
}
