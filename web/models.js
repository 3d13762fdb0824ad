// The course's model configs (course-data/models.json, the runtime's rt.models) looked up by id.
/** @import { ModelsDoc } from './course-data.js' */

/**
 * The models.json entry `id`; an Error naming the ids the file has when there is none.
 * @param {ModelsDoc} models
 * @param {string} id
 */
export function modelById(models, id) {
  const m = models.models.find((x) => x.id === id);
  if (!m)
    throw new Error(
      `models.json has no model "${id}" (it has: ${models.models.map((x) => x.id).join(', ')})`,
    );
  return m;
}
