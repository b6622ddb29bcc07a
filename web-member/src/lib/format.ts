/** Dollars with a trailing .00 removed (spec section 9): 20 -> "$20", 29.99 -> "$29.99". */
export function formatDollars(amount: number): string {
  const fixed = amount.toFixed(2);
  const trimmed = fixed.endsWith('.00') ? fixed.slice(0, -3) : fixed;
  const [whole = '0', cents] = trimmed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${cents === undefined ? grouped : `${grouped}.${cents}`}`;
}

/** The first letter of a name, for the avatar circle. */
export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || '?';
}
