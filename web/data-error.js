// The error of a data file that a widget cannot use (course data, a pasted config.json): the
// JS side's counterpart of the engine's typed errors. Its message names the file, the field and
// what was expected; widgets show it inline as "DataError: <message>".

export class DataError extends Error {
  /**
   * @param {string} message
   * @param {{ file?: string, field?: string }} [where]
   */
  constructor(message, { file, field } = {}) {
    super(message);
    this.name = 'DataError';
    this.file = file;
    this.field = field;
  }
}
