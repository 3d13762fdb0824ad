// The one matrix helper the model-file writers share: a row-major transpose (torch Linear
// [out, in] ↔ the lab's and GPT-2 Conv1D's [in, out]). Plain JS, f32.

/** [rows, cols] row-major → its transpose [cols, rows]. */
export function transpose(data, rows, cols) {
  const out = new Float32Array(rows * cols);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) out[c * rows + r] = data[r * cols + c];
  return out;
}
