import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { createElement } from 'react';
import {
  BooleanField,
  Create,
  Datagrid,
  DateField,
  Edit,
  List,
  ReferenceField,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  type RaRecord,
} from 'react-admin';
import { EventHistory } from '../events/EventHistory';
import { OfferFields } from './OfferFields';
import { CLUB_TIME_ZONE } from '@roar/contracts/time';

const h = createElement;
const sydney = { timeZone: CLUB_TIME_ZONE };

const OfferList = () =>
  h(
    List,
    { sort: { field: 'created_at', order: 'ASC' } },
    h(
      Datagrid,
      { rowClick: 'show', bulkActionButtons: false },
      h(TextField, { source: 'partner_name', label: 'Partner' }),
      h(TextField, { source: 'title' }),
      h(TextField, { source: 'saving' }),
      h(TextField, { source: 'redeem_method', label: 'Redeem by' }),
      h(TextField, { source: 'status' }),
      h(BooleanField, { source: 'featured', label: 'Carousel' }),
    ),
  );

const OfferShow = () =>
  h(
    Show,
    null,
    h(
      SimpleShowLayout,
      null,
      h(ReferenceField, { source: 'partner_id', reference: 'partners', link: 'show' }),
      h(TextField, { source: 'title' }),
      h(TextField, { source: 'saving' }),
      h(TextField, { source: 'terms' }),
      h(TextField, { source: 'redeem_method', label: 'Redeem by' }),
      h(TextField, { source: 'redeem_value', label: 'Code or link', emptyText: '-' }),
      h(DateField, { source: 'starts_at', showTime: true, label: `Starts (${CLUB_TIME_ZONE})`, options: sydney, emptyText: 'now' }),
      h(DateField, { source: 'ends_at', showTime: true, label: `Ends (${CLUB_TIME_ZONE})`, options: sydney, emptyText: 'no end' }),
      h(TextField, { source: 'status' }),
      h(BooleanField, { source: 'featured', label: 'Carousel' }),
      h(EventHistory),
    ),
  );

const OfferEdit = () => h(Edit, { mutationMode: 'pessimistic', redirect: 'show' }, h(SimpleForm, null, h(OfferFields)));
const OfferCreate = () => h(Create, { redirect: 'show' }, h(SimpleForm, null, h(OfferFields, { creating: true })));

export default {
  list: OfferList,
  show: OfferShow,
  edit: OfferEdit,
  create: OfferCreate,
  icon: LocalOfferIcon,
  recordRepresentation: (record: RaRecord) => String(record.title),
};
