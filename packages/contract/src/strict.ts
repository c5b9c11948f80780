import { z } from 'zod';

// ARCHITECTURE §4: request bodies are strict objects. zod's plain object strips unknown keys, so a misspelt field
// (`lcoationId`) would be dropped in silence and the write would "succeed" without it. `endpoints()` passes every
// JSON body through strictObjects(), so the schemas stay plain `z.object` where they are written, are reused as
// they are elsewhere (Excel rows, forms), and the server and the OpenAPI document (`additionalProperties: false`)
// see the strict form. An unknown key is a 400 naming the key.

type Def = Record<string, unknown> & { type: string };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const cloneWith = <T extends z.ZodType>(s: T, def: Def) => (s as unknown as { clone: (d: Def) => T }).clone(def);

/**
 * The same schema with every plain object inside it strict (unknown keys refused), through optional, nullable,
 * default, arrays, unions, records and the input side of transforms. Objects that say what unknown keys do
 * (`looseObject`, `catchall`) and intersections (each side would refuse the other's keys) are left as they are.
 * Refinements are kept: they live in the cloned definition.
 */
export function strictObjects<T extends z.ZodType>(schema: T): T {
  return strict(schema, new Map()) as T;
}

function strict(s: z.ZodType, seen: Map<z.ZodType, z.ZodType>): z.ZodType {
  const done = seen.get(s);
  if (done) return done;
  const def = defOf(s);
  const inner = (key: string) => strict(def[key] as z.ZodType, seen);
  let out: z.ZodType;
  switch (def.type) {
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(def.shape as Record<string, z.ZodType>).map(([k, v]) => [k, strict(v, seen)]),
      );
      out = cloneWith(s, { ...def, shape, catchall: def.catchall ?? z.never() });
      break;
    }
    case 'array':
      out = cloneWith(s, { ...def, element: inner('element') });
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      out = cloneWith(s, { ...def, innerType: inner('innerType') });
      break;
    case 'union':
      out = cloneWith(s, { ...def, options: (def.options as z.ZodType[]).map((o) => strict(o, seen)) });
      break;
    case 'record':
      out = cloneWith(s, { ...def, valueType: inner('valueType') });
      break;
    case 'pipe': {
      // `.transform()` is a pipe into a transform: the input side is the body. `z.preprocess()` is a pipe from a
      // transform: the output side is what the body is checked against.
      const from = def.in as z.ZodType;
      out =
        defOf(from).type === 'transform'
          ? cloneWith(s, { ...def, out: inner('out') })
          : cloneWith(s, { ...def, in: inner('in') });
      break;
    }
    default:
      out = s;
  }
  seen.set(s, out);
  return out;
}
