// The catalogue module's descriptor: categories, attributes and dictionaries, product cards with their
// moderation, and product photos.
import { defineModule } from '../../core/module';
import { accountsModule } from '../accounts';
import { CatalogueService } from './catalogue.service';
import { ImagesService } from './images.service';
import { catalogueRpc } from './catalogue.rpc';
import { imagesRest } from './images.rest';
import { seedProducts } from './catalogue.demo';

export const catalogueModule = defineModule({
  name: 'catalogue',
  create: (env) => ({
    catalogue: new CatalogueService({ accounts: env.use(accountsModule).accounts }),
    images: new ImagesService(env.storage),
  }),
  rpc: (s) => catalogueRpc(s.catalogue, s.images),
  rest: (s) => imagesRest(s.images),
  demo: { whenEmpty: 'products', load: (db) => seedProducts(db) },
});
