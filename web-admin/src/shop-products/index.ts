import StorefrontIcon from '@mui/icons-material/Storefront';
import { ShopProductCreate, ShopProductEdit } from './ShopProductForm';
import { ShopProductList } from './ShopProductList';
import { ShopProductShow } from './ShopProductShow';

/** The pro shop catalogue: products, variants, prices and stock; every edit a command with a reason. */
export default {
  list: ShopProductList,
  show: ShopProductShow,
  create: ShopProductCreate,
  edit: ShopProductEdit,
  icon: StorefrontIcon,
  recordRepresentation: 'name',
};
