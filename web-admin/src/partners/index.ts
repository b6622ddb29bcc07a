import StorefrontIcon from '@mui/icons-material/Storefront';
import { Create, Edit, SimpleForm, type RaRecord } from 'react-admin';
import { createElement } from 'react';
import { PartnerFields } from './PartnerFields';
import { PartnerList } from './PartnerList';
import { PartnerShow } from './PartnerShow';

/** Saving sends a command with the reason; the server decides, so no optimism. */
const PartnerEdit = () =>
  createElement(Edit, { mutationMode: 'pessimistic', redirect: 'show' }, createElement(SimpleForm, null, createElement(PartnerFields)));
const PartnerCreate = () => createElement(Create, { redirect: 'show' }, createElement(SimpleForm, null, createElement(PartnerFields)));

export default {
  list: PartnerList,
  show: PartnerShow,
  edit: PartnerEdit,
  create: PartnerCreate,
  icon: StorefrontIcon,
  recordRepresentation: (record: RaRecord) => String(record.name),
};
