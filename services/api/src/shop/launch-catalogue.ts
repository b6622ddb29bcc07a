import type { ProductFields, ShopBanner, ShopTerm, Variant } from '@roar/domain';

/**
 * The launch catalogue: the shop's own labels (ROAR+, Fairway Basics, Links Lab, Greenside) and
 * their illustrations, drawn for this project and served from /images/shop/. Prices include GST.
 */
export interface LaunchProduct {
  readonly fields: ProductFields;
  readonly variants: readonly Variant[];
  /** Opening stock per SKU. */
  readonly stock: number;
}

export const LAUNCH_TERMS: readonly ShopTerm[] = [
  { kind: 'category', slug: 'clubs', name: 'Clubs' },
  { kind: 'category', slug: 'balls', name: 'Balls' },
  { kind: 'category', slug: 'apparel', name: 'Apparel' },
  { kind: 'category', slug: 'accessories', name: 'Accessories' },
  { kind: 'category', slug: 'bags', name: 'Bags' },
  { kind: 'category', slug: 'gift-cards', name: 'Gift cards' },
  { kind: 'brand', slug: 'roar', name: 'ROAR+' },
  { kind: 'brand', slug: 'fairway-basics', name: 'Fairway Basics' },
  { kind: 'brand', slug: 'links-lab', name: 'Links Lab' },
  { kind: 'brand', slug: 'greenside', name: 'Greenside' },
  { kind: 'supplier', slug: 'roar-merchandise', name: 'ROAR+ Merchandise' },
  { kind: 'supplier', slug: 'pro-shop-wholesale', name: 'Pro Shop Wholesale' },
  { kind: 'attribute', slug: 'size', name: 'Size' },
  { kind: 'attribute', slug: 'colour', name: 'Colour' },
  { kind: 'attribute', slug: 'loft', name: 'Loft' },
  { kind: 'attribute', slug: 'flex', name: 'Shaft flex' },
  { kind: 'attribute', slug: 'length', name: 'Length' },
  { kind: 'attribute', slug: 'value', name: 'Value' },
];

export const LAUNCH_BANNERS: readonly ShopBanner[] = [
  {
    bannerId: 'summer-range',
    title: 'The summer range is in',
    subtitle: 'Polos, caps and shorts made for hot rounds.',
    image: '/images/shop/banner-summer.svg',
    link: '/pro-shop?category=apparel',
    sort: 1,
  },
  {
    bannerId: 'gift-cards',
    title: 'Gift cards, delivered at once',
    subtitle: 'A code by email, from $25.',
    image: '/images/shop/banner-gift.svg',
    link: '/pro-shop/product/roar-gift-card',
    sort: 2,
  },
];

let n = 0;
const sku = (base: string, ...parts: string[]): string =>
  [base, ...parts]
    .join('-')
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '');
function product(
  slug: string,
  name: string,
  category: string,
  brand: string,
  price: number,
  description: string,
  axes: Record<string, readonly string[]> = {},
  opts: { stock?: number; digital?: boolean; prices?: Record<string, number> } = {},
): LaunchProduct {
  n += 1;
  const keys = Object.keys(axes);
  const combos = keys.reduce<Record<string, string>[]>((acc, k) => acc.flatMap((c) => axes[k]!.map((v) => ({ ...c, [k]: v }))), [{}]);
  const base = `RS${String(n).padStart(3, '0')}`;
  return {
    fields: {
      slug,
      name,
      description,
      product_type: opts.digital ? 'digital' : 'physical',
      category,
      brand,
      supplier: brand === 'roar' ? 'roar-merchandise' : 'pro-shop-wholesale',
      image_portrait: `/images/shop/${slug}.svg`,
      image_landscape: `/images/shop/${slug}.svg`,
      gift_card: category === 'gift-cards',
    },
    variants: combos.map((attributes) => {
      const key = Object.values(attributes).join(' ');
      return { sku: sku(base, ...Object.values(attributes)), attributes, price_cents: opts.prices?.[key] ?? price };
    }),
    stock: opts.stock ?? 25,
  };
}

const SIZES = ['S', 'M', 'L', 'XL'] as const;

export const LAUNCH_PRODUCTS: readonly LaunchProduct[] = [
  product(
    'roar-driver-460',
    'ROAR+ 460 Driver',
    'clubs',
    'roar',
    44900,
    'A forgiving 460cc titanium head with an adjustable hosel. Graphite shaft, standard grip.',
    { loft: ['9', '10.5'], flex: ['Regular', 'Stiff'] },
    { stock: 8 },
  ),
  product(
    'roar-fairway-wood',
    'ROAR+ Fairway Wood',
    'clubs',
    'roar',
    27900,
    'Low-profile steel face that launches easily off the deck or the tee.',
    { loft: ['15', '18'] },
    { stock: 10 },
  ),
  product(
    'roar-iron-set',
    'ROAR+ Cavity Back Irons 5-PW',
    'clubs',
    'roar',
    89900,
    'Six cavity-back irons with steel shafts for steady distance control.',
    { flex: ['Regular', 'Stiff'] },
    { stock: 5 },
  ),
  product(
    'greenside-blade-putter',
    'Greenside Blade Putter',
    'clubs',
    'greenside',
    22900,
    'Milled face, plumber-neck blade with a single sight line.',
    { length: ['33in', '34in', '35in'] },
    { stock: 12 },
  ),
  product(
    'greenside-wedge',
    'Greenside Spin Wedge',
    'clubs',
    'greenside',
    16900,
    'Grooves milled for spin from tight lies and bunkers.',
    { loft: ['52', '56', '60'] },
    { stock: 15 },
  ),
  product(
    'links-lab-tour-balls',
    'Links Lab Tour Golf Balls (12)',
    'balls',
    'links-lab',
    6495,
    'Three-piece urethane balls: soft feel around the greens, low spin off the tee.',
    { colour: ['White', 'Yellow'] },
    { stock: 60 },
  ),
  product(
    'fairway-basics-distance-balls',
    'Fairway Basics Distance Balls (15)',
    'balls',
    'fairway-basics',
    3495,
    'Two-piece balls with a hard cover for distance and durability.',
    {},
    { stock: 80 },
  ),
  product(
    'roar-performance-polo',
    'ROAR+ Performance Polo',
    'apparel',
    'roar',
    7995,
    'Breathable stretch polo with UPF 50 and the ROAR+ crest.',
    { size: SIZES, colour: ['Navy', 'White'] },
    { stock: 20 },
  ),
  product(
    'roar-quarter-zip',
    'ROAR+ Quarter-Zip Pullover',
    'apparel',
    'roar',
    11900,
    'Mid-weight layer for early tee times, with a brushed inside.',
    { size: SIZES },
    { stock: 15 },
  ),
  product(
    'roar-tour-cap',
    'ROAR+ Tour Cap',
    'apparel',
    'roar',
    3495,
    'Structured six-panel cap with an adjustable strap.',
    { colour: ['Navy', 'Black', 'White'] },
    { stock: 40 },
  ),
  product(
    'roar-bucket-hat',
    'ROAR+ Bucket Hat',
    'apparel',
    'roar',
    3995,
    'Wide-brim sun hat in quick-dry fabric.',
    { size: ['S/M', 'L/XL'] },
    { stock: 30 },
  ),
  product(
    'links-lab-rain-jacket',
    'Links Lab Waterproof Jacket',
    'apparel',
    'links-lab',
    18900,
    'Seam-sealed and quiet through the swing; packs into its own pocket.',
    { size: SIZES },
    { stock: 10 },
  ),
  product(
    'roar-golf-shorts',
    'ROAR+ Golf Shorts',
    'apparel',
    'roar',
    7495,
    'Four-way stretch shorts with a 9-inch inseam.',
    { size: ['32', '34', '36', '38'] },
    { stock: 18 },
  ),
  product(
    'links-lab-leather-glove',
    'Links Lab Cabretta Glove',
    'accessories',
    'links-lab',
    2995,
    'Soft cabretta leather for a right-handed golfer (worn on the left hand).',
    { size: ['M', 'ML', 'L'] },
    { stock: 35 },
  ),
  product(
    'roar-stand-bag',
    'ROAR+ Stand Bag',
    'bags',
    'roar',
    32900,
    'Five-way top, dual straps and a cooler pocket. 2.3 kg.',
    { colour: ['Navy', 'Black'] },
    { stock: 6 },
  ),
  product(
    'fairway-basics-cart-bag',
    'Fairway Basics Cart Bag',
    'bags',
    'fairway-basics',
    28900,
    'Fourteen full-length dividers and a putter well.',
    {},
    { stock: 6 },
  ),
  product(
    'roar-tour-umbrella',
    'ROAR+ Tour Umbrella',
    'accessories',
    'roar',
    5995,
    'Double-canopy 62-inch umbrella that vents in the wind.',
    {},
    { stock: 25 },
  ),
  product(
    'roar-microfibre-towel',
    'ROAR+ Microfibre Towel',
    'accessories',
    'roar',
    2495,
    'Waffle microfibre with a carabiner clip.',
    {},
    { stock: 50 },
  ),
  product(
    'fairway-basics-bamboo-tees',
    'Fairway Basics Bamboo Tees (50)',
    'accessories',
    'fairway-basics',
    995,
    'Stronger than wood, kinder than plastic.',
    { length: ['70mm', '83mm'] },
    { stock: 100 },
  ),
  product(
    'links-lab-rangefinder',
    'Links Lab Laser Rangefinder',
    'accessories',
    'links-lab',
    34900,
    'Flag lock with vibration, slope mode switchable for competition play.',
    {},
    { stock: 4 },
  ),
  product(
    'greenside-spikeless-shoes',
    'Greenside Spikeless Golf Shoes',
    'apparel',
    'greenside',
    21900,
    'Waterproof leather upper and a spikeless grip sole.',
    { size: ['US 8', 'US 9', 'US 10', 'US 11', 'US 12'] },
    { stock: 6 },
  ),
  product(
    'roar-divot-tool',
    'ROAR+ Divot Tool and Ball Marker',
    'accessories',
    'roar',
    1995,
    'Forged divot tool with a magnetic enamel ball marker.',
    {},
    { stock: 60 },
  ),
  product(
    'roar-headcover-set',
    'ROAR+ Headcover Set',
    'accessories',
    'roar',
    6995,
    'Driver, fairway and hybrid covers in padded knit.',
    {},
    { stock: 12 },
  ),
  product(
    'roar-gift-card',
    'ROAR+ Pro Shop Gift Card',
    'gift-cards',
    'roar',
    5000,
    'A digital gift card for the ROAR+ pro shop. The code is emailed as soon as the order is paid.',
    { value: ['$25', '$50', '$100', '$200'] },
    { digital: true, stock: 10_000, prices: { $25: 2500, $50: 5000, $100: 10000, $200: 20000 } },
  ),
];
