// The uploads module's descriptor: uploaded files' records and the file manager's import list. The upload
// itself is the REST transport's (rest/files.ts); areas that process a type register with onUploaded().
import { defineModule } from '../../core/module';
import { UploadsService } from './uploads.service';
import { uploadsRpc } from './uploads.rpc';

export const uploadsModule = defineModule({
  name: 'uploads',
  create: (env) => ({ files: new UploadsService(env.storage) }),
  rpc: (s) => uploadsRpc(s.files),
});
