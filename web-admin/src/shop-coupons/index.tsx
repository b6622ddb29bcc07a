import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import {
  Create,
  Datagrid,
  DateField,
  DateTimeInput,
  List,
  NumberField,
  NumberInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { EventHistory } from '../events/EventHistory';

const KINDS = [
  { id: 'percent', name: 'Percent off merchandise' },
  { id: 'amount', name: 'Amount off (cents)' },
];

function CouponList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="code" />
        <TextField source="kind" />
        <NumberField source="value" />
        <DateField source="expires_at" showTime emptyText="never" />
        <NumberField source="redemptions" />
        <NumberField source="total_limit" emptyText="-" />
        <NumberField source="per_member_limit" emptyText="-" />
        <TextField source="status" />
      </Datagrid>
    </List>
  );
}

function CouponShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="code" />
        <TextField source="kind" />
        <NumberField source="value" />
        <DateField source="expires_at" showTime emptyText="never" />
        <NumberField source="redemptions" />
        <NumberField source="total_limit" emptyText="-" />
        <NumberField source="per_member_limit" emptyText="-" />
        <TextField source="member_id" emptyText="any member" />
        <TextField source="status" />
        <EventHistory />
      </SimpleShowLayout>
    </Show>
  );
}

const toTerms = (d: Record<string, unknown>) => ({
  code: String(d.code ?? '').toUpperCase(),
  kind: d.kind,
  value: Number(d.value),
  reason: d.reason,
  expiresAt: d.expiresAt ? new Date(String(d.expiresAt)).toISOString() : null,
  totalLimit: d.totalLimit ? Number(d.totalLimit) : null,
  perMemberLimit: d.perMemberLimit ? Number(d.perMemberLimit) : null,
  memberId: d.memberId || null,
});

function CouponCreate() {
  return (
    <Create transform={toTerms} redirect="show">
      <SimpleForm defaultValues={{ kind: 'percent' }}>
        <TextInput source="code" validate={required()} />
        <SelectInput source="kind" choices={KINDS} validate={required()} />
        <NumberInput source="value" validate={required()} helperText="Percent (1-100) or cents" />
        <DateTimeInput source="expiresAt" label="Expires" />
        <NumberInput source="totalLimit" label="Total uses" />
        <NumberInput source="perMemberLimit" label="Uses per member" />
        <TextInput source="memberId" label="Only for member id" />
        <TextInput source="reason" validate={required()} fullWidth />
      </SimpleForm>
    </Create>
  );
}

/** Coupons: percent or amount, expiry, total and per-member limits (held exactly by each coupon's stream). */
export default { list: CouponList, show: CouponShow, create: CouponCreate, icon: LocalOfferIcon, recordRepresentation: 'code' };
