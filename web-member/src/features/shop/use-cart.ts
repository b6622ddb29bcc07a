import { useCallback, useEffect, useState } from 'react';
import { fetchCart, saveCart, type Cart, type CartData } from './api';

/**
 * The member's cart: loaded once (only with shop access, inside ShopGate), and every save replaces
 * the local cart with the server's answer (spec section 4). Failures are logged only (spec section 8).
 */
export function useCart() {
  const [cart, setCart] = useState<Cart | null>(null);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  /** The refusal of the last save, shown beside the form that caused it (the server's plain words). */
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void fetchCart().then((r) => {
      if (!live) return;
      if (r.ok) setCart(r.data);
      else console.error('cart failed', r.error);
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, []);
  const save = useCallback(async (data: CartData): Promise<Cart | null> => {
    setSaving(true);
    const r = await saveCart(data);
    setSaving(false);
    if (!r.ok) {
      console.error('cart save failed', r.error);
      setRefusal(r.status !== null && r.status >= 400 && r.status < 500 ? r.error : null);
      return null;
    }
    setRefusal(null);
    setCart(r.data);
    return r.data;
  }, []);
  return { cart, setCart, loading, saving, save, refusal };
}
