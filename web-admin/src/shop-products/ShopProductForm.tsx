import { ArrayInput, BooleanInput, Create, Edit, NumberInput, SelectInput, SimpleForm, SimpleFormIterator, TextInput, required } from 'react-admin';
import { MediaInput } from '../media/MediaInput';
import { EditForm } from '../ui/EditForm';
import { PRODUCT_TYPES, useShopTermNames } from './labels';

const reason = (
  <TextInput
    key="reason"
    source="reason"
    label="Reason for this change"
    validate={required()}
    fullWidth
    helperText="Recorded in the product's event history"
  />
);

function Fields({ creating }: { creating: boolean }) {
  const { choicesOf, pending } = useShopTermNames();
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="slug" validate={required()} disabled={!creating} helperText="The product's address: lower-case letters, digits and dashes" />
      <TextInput source="description" multiline fullWidth />
      <SelectInput source="product_type" choices={PRODUCT_TYPES} validate={required()} disabled={!creating} />
      <BooleanInput source="gift_card" disabled={!creating} />
      <SelectInput
        source="category"
        choices={choicesOf('category')}
        isPending={pending}
        validate={required()}
        helperText="Categories, brands and suppliers are kept under Shop terms"
      />
      <SelectInput source="brand" choices={choicesOf('brand')} isPending={pending} validate={required()} />
      <SelectInput source="supplier" choices={choicesOf('supplier')} isPending={pending} validate={required()} />
      <MediaInput source="image_portrait" label="Image" kind="product" variant="square" alsoSets={{ image_landscape: 'wide' }} />
      <MediaInput source="image_landscape" label="Wide image" kind="product" variant="wide" />
      <ArrayInput source="variants">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="sku" label="SKU" validate={required()} />
          <NumberInput source="price_cents" label="Price in cents (GST incl.)" validate={required()} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

const withDefaults = (data: Record<string, unknown>) => ({
  ...data,
  image_portrait: data.image_portrait || null,
  image_landscape: data.image_landscape || null,
  gift_card: Boolean(data.gift_card),
  variants: ((data.variants as { sku: string; price_cents: number; attributes?: Record<string, string> }[] | undefined) ?? []).map((v) => ({
    sku: v.sku,
    price_cents: Number(v.price_cents),
    attributes: v.attributes ?? {},
  })),
});

export function ShopProductCreate() {
  return (
    <Create transform={withDefaults} redirect="show">
      <SimpleForm defaultValues={{ product_type: 'physical', gift_card: false, variants: [], stock: {} }}>
        <Fields creating />
        {reason}
      </SimpleForm>
    </Create>
  );
}

export function ShopProductEdit() {
  return (
    <Edit
      transform={(d: Record<string, unknown>) => {
        const { events: _e, ...rest } = withDefaults(d) as Record<string, unknown>;
        return rest;
      }}
      mutationMode="pessimistic"
      redirect="show"
    >
      <EditForm>
        <Fields creating={false} />
        <BooleanInput source="published" />
        {reason}
      </EditForm>
    </Edit>
  );
}
