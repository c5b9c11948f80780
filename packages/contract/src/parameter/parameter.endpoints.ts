import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import {
  parameterCreateBody,
  parameterListQuery,
  parameterListResponse,
  parameterResponse,
  parameterToolTreeResponse,
  parameterUpdateBody,
  toolIdParam,
} from './parameter.schemas.ts';

// SPEC §7 "Parameter". Reads feed the trend and correlation screens and the machine-data intake: any signed-in
// user. Writes need the parameter menu (under data collection).
const write = (action: 'create' | 'modify' | 'delete') => ({ menu: 'parameter', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const parameterEndpoints = endpoints('parameter', {
  list: endpoint('GET', '/parameter/parameters', parameterListResponse, 'authenticated', 'Parameters of the given tools (repeat toolIds), or every parameter', { query: parameterListQuery }),
  ofTool: endpoint('GET', '/parameter/parameters/{toolId}', parameterListResponse, 'authenticated', 'The parameters of one tool', { params: toolIdParam }),
  toolTree: endpoint('GET', '/parameter/tool-tree', parameterToolTreeResponse, 'authenticated', 'The tool tree with the parameter count on every node'),
  create: endpoint('POST', '/parameter', parameterResponse, write('create'), 'Create a parameter', { body: parameterCreateBody }),
  update: endpoint('PUT', '/parameter', parameterResponse, write('modify'), 'Modify a parameter', { body: parameterUpdateBody }),
  remove: endpoint('DELETE', '/parameter/{id}', okSchema, write('delete'), 'Delete a parameter', { params: idParam }),
  removeBulk: endpoint('DELETE', '/parameter/parameters/{ids}', okSchema, write('delete'), 'Delete parameters, all or none', { params: idsParam }),
});
