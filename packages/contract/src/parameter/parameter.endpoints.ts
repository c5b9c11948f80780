import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoints } from '../endpoint.ts';
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

export const parameterEndpoints = endpoints('parameter', {
  list: {
    method: 'GET',
    path: '/parameter/parameters',
    query: parameterListQuery,
    response: parameterListResponse,
    permission: 'authenticated',
    summary: 'Parameters of the given tools (repeat toolIds), or every parameter',
  },
  ofTool: {
    method: 'GET',
    path: '/parameter/parameters/{toolId}',
    params: toolIdParam,
    response: parameterListResponse,
    permission: 'authenticated',
    summary: 'The parameters of one tool',
  },
  toolTree: {
    method: 'GET',
    path: '/parameter/tool-tree',
    response: parameterToolTreeResponse,
    permission: 'authenticated',
    summary: 'The tool tree with the parameter count on every node',
  },
  create: {
    method: 'POST',
    path: '/parameter',
    body: parameterCreateBody,
    response: parameterResponse,
    permission: write('create'),
    summary: 'Create a parameter',
  },
  update: {
    method: 'PUT',
    path: '/parameter',
    body: parameterUpdateBody,
    response: parameterResponse,
    permission: write('modify'),
    summary: 'Modify a parameter',
  },
  remove: {
    method: 'DELETE',
    path: '/parameter/{id}',
    params: idParam,
    response: okSchema,
    permission: write('delete'),
    summary: 'Delete a parameter',
  },
  removeBulk: {
    method: 'DELETE',
    path: '/parameter/parameters/{ids}',
    params: idsParam,
    response: okSchema,
    permission: write('delete'),
    summary: 'Delete parameters, all or none',
  },
});
