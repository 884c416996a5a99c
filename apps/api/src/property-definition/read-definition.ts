import type { AppContext } from '../app-context';
import { notFound } from '../errors';
import { findStoredDefinition } from './definition-queries';
import { propertySchema, type Definition } from './definition-schema';

/**
 * GET /api/Admin/Definition/{propertyCode}: the property's entry as its last import stored it
 * (normalised: defaults written out, codes trimmed), in a file of its own. Groups and exchange
 * rates are shared with other properties, so the file names none, and a PUT of it unchanged
 * leaves them (and everything else) as they are.
 */
export async function readDefinition(context: Pick<AppContext, 'database'>, propertyCode: string): Promise<Definition> {
  const row = await findStoredDefinition(context.database.db, propertyCode);
  if (!row) throw notFound(`No property has the code "${propertyCode}".`);
  // Parsed again, so that an entry stored by an older version is answered in today's form, or not at all.
  const stored = propertySchema.safeParse(row.definition);
  if (!stored.success)
    throw notFound(
      `The definition of "${propertyCode}" was not kept in a form that can be read back: PUT its definition once, and it can be read from then on.`,
    );
  return { Groups: [], Properties: [stored.data] };
}
