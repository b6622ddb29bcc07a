/**
 * The spec's error strings, word for word (product-spec.md). The api answers with them and the
 * consoles compare against them; neither side types them again.
 */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Try again';
