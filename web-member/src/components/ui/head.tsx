import { PRODUCT_NAME } from '../../config/site';

/**
 * Page title 'ROAR+ | <page>' (spec section 2). React 19 hoists <title> and <meta> into the
 * document head, so each page declares its own.
 */
export function Head({ title, noIndex = false }: { title: string; noIndex?: boolean }) {
  return (
    <>
      <title>{`${PRODUCT_NAME} | ${title}`}</title>
      {noIndex && <meta name="robots" content="noindex, nofollow" />}
    </>
  );
}
