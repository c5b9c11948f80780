import { productEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { excelHandlers } from '../../platform/excel/excel.ts';
import { contentDisposition } from '../../platform/files.ts';
import { actorOf } from '../../platform/guard.ts';
import { masterHandlers } from '../../platform/master.ts';
import { productExcel } from './product.excel.ts';
import { readDesignImage } from './design-image.upload.ts';
import { designImageOf, productMaster, removeDesignImage, setDesignImage } from './product.service.ts';

export const productRoutes: ModuleRoutes = (app, ctx) => {
  const { db, config } = ctx;
  bindEndpoints(app, productEndpoints, {
    ...excelHandlers({ entity: productExcel, db, timeZone: config.timeZone }),
    ...masterHandlers(productMaster, ctx),
    listByType: async (req) => productMaster.list(db, req.query),
    byName: async (req) => ({ data: await productMaster.pickList(db, req.query.name) }),
    byBarcode: async (req) => ({ data: await productMaster.byBarcode(db, req.query.barcode) }),
    designImage: async (req, reply) => {
      const image = await designImageOf(db, req.params.id);
      return reply
        .type(image.mimeType)
        .header('content-disposition', contentDisposition(image.name, true))
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
    setDesignImage: async (req) => {
      await productMaster.get(db, req.params.id);
      const file = await readDesignImage(req);
      return { data: await setDesignImage(db, actorOf(req), req.params.id, file) };
    },
    removeDesignImage: async (req) => ({ data: await removeDesignImage(db, actorOf(req), req.params.id) }),
  });
};
