import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import { staffProductRecordSchema, type StaffProductRecord } from '@roar/contracts/shop';
import { parseAnswer, postAction } from '../dataProvider';

/** Receive (+) or correct (-) the stock of one SKU, with a reason: a StockReceived or StockAdjusted event. */
export function StockButton() {
  const record = useRecordContext<StaffProductRecord>();
  const { permissions } = usePermissions<string>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ sku: '', delta: '', reason: '' });
  if (!record || permissions === 'auditor') return null;
  const submit = async () => {
    try {
      const path = `/shop-products/${encodeURIComponent(record.id)}/stock`;
      parseAnswer(staffProductRecordSchema, await postAction(path, { sku: form.sku, delta: Number(form.delta), reason: form.reason.trim() }), path);
      notify('Stock updated', { type: 'info' });
      setOpen(false);
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The change failed', { type: 'error' });
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Change stock
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="stock-title">
        <DialogTitle id="stock-title">Change stock</DialogTitle>
        <DialogContent>
          <MuiTextField select label="SKU" value={form.sku} onChange={(e) => setForm({ ...form, sku: e.target.value })} fullWidth margin="dense">
            {record.variants.map((v) => (
              <MenuItem key={v.sku} value={v.sku}>
                {v.sku}
              </MenuItem>
            ))}
          </MuiTextField>
          <MuiTextField
            label="Units (+ received, - written off)"
            type="number"
            value={form.delta}
            onChange={(e) => setForm({ ...form, delta: e.target.value })}
            fullWidth
            margin="dense"
          />
          <MuiTextField label="Reason" value={form.reason} onChange={(e) => setForm({ ...form, reason: e.target.value })} fullWidth margin="dense" />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
          <Button variant="contained" disabled={!form.sku || !Number(form.delta) || form.reason.trim().length < 3} onClick={() => void submit()}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
