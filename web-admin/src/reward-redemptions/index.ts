import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { createElement } from 'react';
import { Datagrid, List, NumberField, ReferenceField, TextField, TextInput } from 'react-admin';

const h = createElement;

/** Code, link and member-card reveals per partner and club (Sydney) month: what partners are told. */
const RedemptionList = () =>
  h(
    List,
    { sort: { field: 'month', order: 'DESC' }, filters: [h(TextInput, { key: 'month', source: 'month', label: 'Month (YYYY-MM)', alwaysOn: true })] },
    h(
      Datagrid,
      { bulkActionButtons: false, rowClick: false },
      h(TextField, { source: 'month', label: 'Month (Sydney)' }),
      h(ReferenceField, { source: 'partner_id', reference: 'partners', link: 'show', label: 'Partner' }),
      h(NumberField, { source: 'reveals', label: 'Reveals' }),
      h(NumberField, { source: 'members', label: 'Members' }),
    ),
  );

export default { list: RedemptionList, icon: ReceiptLongIcon };
