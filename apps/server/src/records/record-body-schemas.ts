import { MEDIA_ALT_MAX_LENGTH, type SectionDef, isRequired, recordInputSchema } from '@bursary/shared';
import { type Json, json } from '../lib/api-doc.ts';
import { schemaOf } from '../lib/json-schema.ts';
import { MEDIA_URL, RECORD_STATUSES } from './record-validation.ts';
import { altFieldsOf } from '../media/alt-text.ts';

/** Alternative text is one line of plain text: no control characters (media/alt-text.ts). */
const NO_CONTROL = '^[^\\u0000-\\u001f\\u007f-\\u009f]*$';

/* The API document's description of a record write's body, as JSON and as a multipart form. */

const mediaUrl = {
  type: 'string',
  pattern: MEDIA_URL.source,
  description: 'An image already uploaded to this server (/media/…); send a new one as a file in a multipart form',
};

/** `F_alt` beside image field `F`: not a field of the record, it describes the image the field holds. */
const altText = (field: string) => ({
  anyOf: [{ type: 'string', maxLength: MEDIA_ALT_MAX_LENGTH, pattern: NO_CONTROL }, { type: 'null' }],
  description: `The alternative text of the image ${field} holds after the write (plain text on one line, trimmed; '' removes it), set with the write in the same transaction. It belongs to the image, wherever it is used. Null or left out: unchanged; ignored when ${field} holds no image.`,
});

/** The JSON body of a record write: the registry's schema, image fields narrowed to media URLs. */
function recordJsonBody(section: SectionDef, mode: 'create' | 'update'): Json {
  const schema = schemaOf(recordInputSchema(section, mode));
  const properties = schema.properties as Record<string, Json>;
  for (const [name, def] of Object.entries(section.fields)) {
    if (def.kind !== 'image') continue;
    properties[name] = isRequired(def, mode)
      ? mediaUrl
      : { anyOf: [mediaUrl, { type: 'string', maxLength: 0 }, { type: 'null' }] };
  }
  for (const [altField, field] of altFieldsOf(section)) properties[altField] = altText(field);
  return schema;
}

/** A JSON value's schema as form text carries it: no null (an empty optional field means null). */
function asFormText(schema: Json): Json {
  const branches = (schema.anyOf as Json[] | undefined)?.filter((branch) => branch.type !== 'null');
  if (!branches) return schema;
  return branches.length === 1 ? (branches[0] as Json) : { anyOf: branches };
}

/** A number as form text (the multipart reader reads it so); an optional one may be left empty. */
const numberText = (required: boolean) => ({
  type: 'string',
  pattern: required ? '^\\s*-?\\d+(\\.\\d+)?\\s*$' : '^\\s*(-?\\d+(\\.\\d+)?)?\\s*$',
  description: 'A number, as text',
});

/**
 * The same record write as a form: text parts carry the values as the JSON body would, image fields may carry files.
 */
function recordFormBody(section: SectionDef, mode: 'create' | 'update', jsonBody: Json): Json {
  const jsonProperties = jsonBody.properties as Record<string, Json>;
  const properties: Json = {};
  for (const [name, def] of Object.entries(section.fields)) {
    const required = isRequired(def, mode);
    if (def.kind === 'image') {
      const file = {
        type: 'string',
        format: 'binary',
        minLength: 1,
        description: 'A PNG, JPEG, GIF, WebP or SVG image',
      };
      properties[name] = { anyOf: [file, asFormText(jsonProperties[name] ?? {})] };
    } else if (def.kind === 'number') properties[name] = numberText(required);
    else properties[name] = asFormText(jsonProperties[name] ?? {});
  }
  for (const altField of altFieldsOf(section).keys()) properties[altField] = asFormText(jsonProperties[altField] ?? {});
  const sub = section.subItems;
  if (sub)
    properties[sub.field] = {
      type: 'string',
      description: `The ${sub.field} list as JSON`,
      contentMediaType: 'application/json',
      contentSchema: jsonProperties[sub.field],
    };
  const required =
    mode === 'create'
      ? Object.entries(section.fields)
          .filter(([, def]) => isRequired(def, mode))
          .map(([name]) => name)
      : [];
  return { type: 'object', additionalProperties: false, properties, ...(required.length ? { required } : {}) };
}

const statusProperty = {
  type: 'string',
  enum: [...RECORD_STATUSES],
  description: 'draft: save as a draft (a new record, or a draft kept one); left out or published: save live',
};

/** The body with the status a record write may ask for (the waiting changes' save takes none). */
function withStatus(body: Json): Json {
  return { ...body, properties: { ...(body.properties as Json), status: statusProperty } };
}

/** A record write's body, as JSON or as a form; made when the document is first asked for. */
export const recordBody = (section: SectionDef, mode: 'create' | 'update', status = true) => ({
  content: () => {
    const jsonBody = recordJsonBody(section, mode);
    const formBody = recordFormBody(section, mode, jsonBody);
    return {
      ...json(status ? withStatus(jsonBody) : jsonBody),
      'multipart/form-data': { schema: status ? withStatus(formBody) : formBody },
    };
  },
});
