// A causal attention graph as ONNX bytes, encoded by hand (protobuf wire format) so the benchmark
// needs no model file and no protobuf library: the "MatMul graph" way to run attention in ONNX
// Runtime.
//
//   q [G, R·T, d], k and v [G, T, d], mask [R·T, T] (0 or −1e30): R = H / G query heads share
//   each KV head, stacked along the rows, so one batched MatMul serves MHA (R = 1) and GQA.
//   scores = q · kᵀ · scale + mask → Softmax(last axis) → · v → out [G, R·T, d]
//
// Only the ONNX fields this graph uses are written (onnx.proto: ModelProto, GraphProto,
// NodeProto, AttributeProto, ValueInfoProto, TypeProto, TensorShapeProto).

function varint(n) {
  const bytes = [];
  while (n > 127) {
    bytes.push((n & 127) | 128);
    n = Math.floor(n / 128);
  }
  bytes.push(n);
  return bytes;
}
const tag = (field, wire) => varint(field * 8 + wire);
const bytesField = (field, payload) => [...tag(field, 2), ...varint(payload.length), ...payload];
const stringField = (field, s) => bytesField(field, [...new TextEncoder().encode(s)]);
const intField = (field, n) => [...tag(field, 0), ...varint(n)];
function floatField(field, x) {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setFloat32(0, x, true);
  return [...tag(field, 5), ...b];
}

// AttributeProto: name 1, f 2, i 3, ints 8, type 20 (FLOAT 1, INT 2, INTS 7)
const attrInt = (name, i) => [...stringField(1, name), ...intField(3, i), ...intField(20, 2)];
const attrInts = (name, ints) => [
  ...stringField(1, name),
  ...ints.flatMap((i) => intField(8, i)),
  ...intField(20, 7),
];

// NodeProto: input 1, output 2, name 3, op_type 4, attribute 5
function node(op, inputs, outputs, attrs = []) {
  return [
    ...inputs.flatMap((s) => stringField(1, s)),
    ...outputs.flatMap((s) => stringField(2, s)),
    ...stringField(3, `${op}_${outputs[0]}`),
    ...stringField(4, op),
    ...attrs.flatMap((a) => bytesField(5, a)),
  ];
}

// ValueInfoProto of a float tensor: name 1, type 2 → TypeProto.tensor_type 1 → elem_type 1
// (FLOAT = 1), shape 2 → dim 1 → dim_value 1
function floatTensor(name, dims) {
  const shape = dims.flatMap((d) => bytesField(1, intField(1, d)));
  const tensorType = [...intField(1, 1), ...bytesField(2, shape)];
  return [...stringField(1, name), ...bytesField(2, bytesField(1, tensorType))];
}

export function causalAttentionModel({ G, R, T, d, scale }) {
  const nodes = [
    node('Transpose', ['k'], ['kt'], [attrInts('perm', [0, 2, 1])]),
    node('MatMul', ['q', 'kt'], ['qk']),
    node('Mul', ['qk', 'scale'], ['scaled']),
    node('Add', ['scaled', 'mask'], ['masked']),
    node('Softmax', ['masked'], ['weights'], [attrInt('axis', 2)]),
    node('MatMul', ['weights', 'v'], ['out']),
  ];
  // The scale as an initializer (TensorProto: dims 1, data_type 2, float_data 4, name 8).
  const scaleTensor = [...intField(2, 1), ...floatField(4, scale), ...stringField(8, 'scale')];
  const graph = [
    ...nodes.flatMap((n) => bytesField(1, n)),
    ...stringField(2, 'causal_attention'),
    ...bytesField(5, scaleTensor),
    ...bytesField(11, floatTensor('q', [G, R * T, d])),
    ...bytesField(11, floatTensor('k', [G, T, d])),
    ...bytesField(11, floatTensor('v', [G, T, d])),
    ...bytesField(11, floatTensor('mask', [R * T, T])),
    ...bytesField(12, floatTensor('out', [G, R * T, d])),
  ];
  // ModelProto: ir_version 1, graph 7, opset_import 8 (OperatorSetIdProto: domain 1, version 2)
  const model = [
    ...intField(1, 8),
    ...bytesField(7, graph),
    ...bytesField(8, [...stringField(1, ''), ...intField(2, 17)]),
  ];
  return new Uint8Array(model);
}
