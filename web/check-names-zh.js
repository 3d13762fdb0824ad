// The self-check rows' names in Chinese, by their English name: a Chinese page shows these in
// its ✓/✗ panel (web/widget-base.js drawChecks). The names stay English in the code and the
// tests; a row without an entry here is shown in English (tests/browser/pages.test.mjs finds it).
export const CHECK_NAMES_ZH = {
  'raw cosine row 给了: first': '直接比余弦，「给了」一行：最像的',
  'raw cosine row 给了: second': '直接比余弦，「给了」一行：第二像的',
  'raw cosine row 给了: three lowest': '直接比余弦，「给了」一行：最不像的三个',
  'projected q_给了·k_j ranking': '投影之后 q_给了·k_j 的排序',
  'scaled q_给了·k_j/√d ranking (same order)': '缩放后 q_给了·k_j/√d 的排序（顺序不变）',
  'cos(K_小明, K_小王)': 'cos(K_小明, K_小王)',
  'cos(V_小明, V_小王) clearly lower': 'cos(V_小明, V_小王) 明显更低',
  'additive, naive: T×T×d_a × 2 B at T = 4,096, d_a = 256 (BF16)':
    '加性注意力（朴素）：T×T×d_a × 2 B，T = 4,096、d_a = 256（BF16）',
  'dot product: T×T × 2 B at T = 4,096 (BF16)': '点积：T×T × 2 B，T = 4,096（BF16）',
  'every pair: Σ_m q_m k_m = engine.dot (±1e-6)': '每一对：Σ_m q_m k_m = engine.dot（±1e-6）',
  'every pair: |q| |k| cos θ = q·k (±1e-4)': '每一对：|q| |k| cos θ = q·k（±1e-4）',
  'q_给了·k_苹果: Σ terms = engine.dot (±1e-6)': 'q_给了·k_苹果：逐项之和 = engine.dot（±1e-6）',
  'row 给了 of QKᵀ (engine.scoreMatrix): ranking': 'QKᵀ 的「给了」一行（engine.scoreMatrix）：排序',
  'softmax([8, 7, 9])': 'softmax([8, 7, 9])',
  'proportional split [10, 3, −4]: 汽车': '按比例分 [10, 3, −4]：汽车',
  'e^20 = w₀/w₁ of softmax([20, 0])': 'e^20 = softmax([20, 0]) 的 w₀/w₁',
  'd = 256: std(q·k) ≈ √256 = 16 (±10%)': 'd = 256：std(q·k) ≈ √256 = 16（±10%）',
  'd = 256: std(q·k/√d) ≈ 1 (±10%)': 'd = 256：std(q·k/√d) ≈ 1（±10%）',
  'd = 1024: max weight unscaled > 90%': 'd = 1024：不缩放时最大权重 > 90%',
  'd = 1024: max weight scaled < 90%': 'd = 1024：缩放后最大权重 < 90%',
  'no mask: 给了 → 小王': '不加掩码：给了 → 小王',
  'causal: 给了 → 苹果': '因果掩码：给了 → 苹果',
  'causal: 给了 → 小明': '因果掩码：给了 → 小明',
  'causal: 苹果 → 小明 / 把 / 苹果': '因果掩码：苹果 → 小明 / 把 / 苹果',
  'causal rows sum to 1 (±1e-6)': '因果掩码下每行和为 1（±1e-6）',
  'causal, row 给了: weight on 苹果': '因果掩码，「给了」一行：苹果的权重',
  'causal, row 给了: weight on 小明': '因果掩码，「给了」一行：小明的权重',
  'no mask, row 给了: weight on 小王': '不加掩码，「给了」一行：小王的权重',
  'Σ_j w_j v_j = engine output, every row, both masks (±1e-5)':
    'Σ_j w_j v_j = 引擎的输出，每一行、两种掩码（±1e-5）',
  'all weight moved 小明 → 小王: retrieved K keeps cos 0.995 with the start':
    '权重全部从小明挪到小王：取回的 K 与起点的余弦仍是 0.995',
  'score (3, 5) = (10, 12) = (0, 2) (±1e-4)': '分数 (3, 5) = (10, 12) = (0, 2)（±1e-4）',
  'score (3, 6) differs from (3, 5)': '分数 (3, 6) 与 (3, 5) 不同',
  'V not rotated: 给了 retrieves the same when the sentence shifts by 7 (±1e-5)':
    'V 不旋转：整句平移 7 位，「给了」取回的不变（±1e-5）',
  'V rotated would change with the shift': '要是旋转 V，平移后取回的就会变',
  'rotaryDim 2 of 4: dims 2–3 identical, dims 0–1 turned':
    '4 维里 rotaryDim = 2：第 2–3 维不变，第 0–1 维旋转',
  'Qwen3.8-27B: rotating dims per head': 'Qwen3.8-27B：每头旋转的维数',
  'anchor: rotating pairs (engine.ropeFrequencies(64, base))':
    '锚点：旋转的维度对有几对（engine.ropeFrequencies(64, base)）',
  '给了 row, head A → 小明': '「给了」一行，头 A → 小明',
  '给了 row, head B → 苹果': '「给了」一行，头 B → 苹果',
  '给了 row, one head → 苹果 / 小明': '「给了」一行，单头 → 苹果 / 小明',
  'multiply-adds: 1 head d=4 vs 2 heads d=2': '乘加次数：1 个头 d=4 对 2 个头 d=2',
  'parameters Wq, Wk, Wv: 1 head vs 2 heads': '参数 Wq、Wk、Wv：1 个头对 2 个头',
  'Qwen3.8-27B: heads × head_dim vs hidden_size': 'Qwen3.8-27B：头数 × head_dim 对 hidden_size',
  'P = 2, G = 3: K/V computed without the cache (2 + 3 + 4)':
    'P = 2、G = 3：不用缓存算的 K/V 份数（2 + 3 + 4）',
  'P = 2, G = 3: K/V computed with the cache (2 + 1 + 1)':
    'P = 2、G = 3：用缓存算的 K/V 份数（2 + 1 + 1）',
  'P = 2, G = 3: K/V recomputed without the cache = read from the cache':
    'P = 2、G = 3：不用缓存重算的 K/V = 从缓存读出的',
  'P = 2, G = 3: tokens with and without the cache': 'P = 2、G = 3：用不用缓存生成的 token',
  'tokens identical with and without the cache for every P 1–6, G 1–8':
    'P 取 1–6、G 取 1–8，用不用缓存生成的 token 都相同',
  'P = 2, G = 3: float32 cache bytes after each step (linear in positions)':
    'P = 2、G = 3：每一步之后的 float32 缓存字节（随位置线性增长）',
  'incremental decoding with the cache vs the full pass: max |Δ logit| < 1e-4':
    '用缓存逐步解码对整句重算：max |Δ logit| < 1e-4',
  'Qwen3.8-27B as MHA, per token': 'Qwen3.8-27B 改用 MHA，每 token',
  'Qwen3.8-27B as MHA, KV at 262,144 tokens': 'Qwen3.8-27B 改用 MHA，262,144 token 的 KV',
  'Qwen3.8-27B as MQA, per token': 'Qwen3.8-27B 改用 MQA，每 token',
  'Qwen3.8-27B as MQA, KV at 262,144 tokens': 'Qwen3.8-27B 改用 MQA，262,144 token 的 KV',
  'Qwen3.8-27B as GQA-4, per token': 'Qwen3.8-27B 用 GQA-4，每 token',
  'Qwen3.8-27B as GQA-4, KV at 262,144 tokens': 'Qwen3.8-27B 用 GQA-4，262,144 token 的 KV',
  'Qwen3.8-27B linear-attention state at 4,096 / 262,144 / 1,048,576 tokens':
    'Qwen3.8-27B 线性注意力状态，4,096 / 262,144 / 1,048,576 token',
  'DeepSeek LLM 67B (GQA-8), per token': 'DeepSeek LLM 67B（GQA-8），每 token',
  'DeepSeek LLM 67B as MHA, per token': 'DeepSeek LLM 67B 改用 MHA，每 token',
  'DeepSeek LLM 67B at 1,048,576 tokens': 'DeepSeek LLM 67B，1,048,576 token',
  'DeepSeek-V2 (MLA), per token': 'DeepSeek-V2（MLA），每 token',
  'DeepSeek-V3 (MLA), per token': 'DeepSeek-V3（MLA），每 token',
  'DeepSeek-V2 vs DeepSeek LLM 67B (BF16)': 'DeepSeek-V2 对 DeepSeek LLM 67B（BF16）',
  'DeepSeek-V2 vs the same model built with MHA': 'DeepSeek-V2 对同一个模型改用 MHA',
  'GLM-5.3 (MLA), per token': 'GLM-5.3（MLA），每 token',
  'GLM-5.3 at 1,048,576 tokens': 'GLM-5.3，1,048,576 token',
  'GLM-5.3 built with MHA (q/k 192 + 64 = 256, v 256), per token':
    'GLM-5.3 改用 MHA（q/k 192 + 64 = 256，v 256），每 token',
  'Mistral 7B at 32,768 tokens (4,096-token sliding window)':
    'Mistral 7B，32,768 token（滑动窗口 4,096 token）',
  'DeepSeek-V4.1-Flash, officially reported per token':
    'DeepSeek-V4.1-Flash，官方报告的每 token 字节',
  'Qwen3.8-27B with 4 KV heads (GQA-4): per token': 'Qwen3.8-27B，4 个 KV 头（GQA-4）：每 token',
  'Qwen3.8-27B with 4 KV heads (GQA-4): at 262,144 tokens':
    'Qwen3.8-27B，4 个 KV 头（GQA-4）：262,144 token',
  'Qwen3.8-27B with 24 KV heads (MHA): per token': 'Qwen3.8-27B，24 个 KV 头（MHA）：每 token',
  'Qwen3.8-27B with 24 KV heads (MHA): at 262,144 tokens':
    'Qwen3.8-27B，24 个 KV 头（MHA）：262,144 token',
  'Qwen3.8-27B with 1 KV head (MQA): per token': 'Qwen3.8-27B，1 个 KV 头（MQA）：每 token',
  'Qwen3.8-27B with 1 KV head (MQA): at 262,144 tokens':
    'Qwen3.8-27B，1 个 KV 头（MQA）：262,144 token',
  'Qwen3.8-27B GQA-4 per token, exact': 'Qwen3.8-27B GQA-4 每 token，精确字节',
  'zh-gift: GQA (2 Q heads, 1 KV head) = MHA with the KV head copied, max |Δ output|':
    '「小明把苹果给了小王」：GQA（2 个 Q 头、1 个 KV 头）= 把 KV 头复制一份的 MHA，max |Δ 输出|',
  'seeded MLA (r 8, dr 4): explicit vs absorbed output, max |Δ|':
    '固定种子的 MLA（r 8、d_r 4）：展开路径对吸收路径的输出，max |Δ|',
  'RoPE on the latent (no decoupling): absorbed score error':
    '把 RoPE 加在潜向量上（不解耦）：吸收路径的分数误差',
  'DeepSeek-V2: numbers cached per token per layer (512 + 64)':
    'DeepSeek-V2：每层每 token 缓存的数（512 + 64）',
  'DeepSeek-V2: bytes per token per layer, 576 × 2 B':
    'DeepSeek-V2：每层每 token 的字节，576 × 2 B',
  'DeepSeek-V2: bytes per token, 60 layers': 'DeepSeek-V2：每 token 的字节，60 层',
  'DeepSeek LLM 67B (GQA-8): bytes per token': 'DeepSeek LLM 67B（GQA-8）：每 token 的字节',
  'tokens of 「小明把苹果给了」': '「小明把苹果给了」的 token',
  'logits of 「小明把苹果给了」 vs native export, max |Δ|':
    '「小明把苹果给了」的 logits 对原生导出，max |Δ|',
  'top-5 next tokens': '下一个 token 的前 5 名',
  'top-5 probabilities': '前 5 名的概率',
  'layer types (full / linear) = export': '各层类型（全注意力 / 线性）= 导出',
  'greedy 12 steps (KV cache + state)': '贪心生成 12 步（KV cache + 状态）',
  'Run: the appended prediction = top 1 = greedy step 1':
    '运行：接在末尾的预测 = 第 1 名 = 贪心生成的第 1 步',
  'attention weights, 5 sentences × 16 heads, max |Δ|': '注意力权重，5 句 × 16 个头，max |Δ|',
  'sink share of each head (80), max |Δ|': '每个头落在 sink 上的份额（80 个），max |Δ|',
  'head patterns: previous + first + self + other = 1, max |Δ|':
    '头的模式：前一个 + 开头 + 自己 + 其余 = 1，max |Δ|',
  'head patterns: first-token part = sink share, max |Δ|':
    '头的模式：开头那一份 = sink 份额，max |Δ|',
  'linear layers: ‖S‖ after each token, 30 heads, max relative |Δ|':
    '线性层：每个 token 之后的 ‖S‖，30 个头，max 相对 |Δ|',
  'hybrid ablation: KV bytes per token + state = engine ledger (float32)':
    '混合架构消融：每 token 的 KV 字节 + 状态 = 引擎账本（float32）',
  'hybrid ablation: one request of 64 / 4096 / 262144 tokens = engine ledger':
    '混合架构消融：一条 64 / 4096 / 262144 token 请求的字节 = 引擎账本',
  'hybrid ablation: the hybrid holds fewer bytes than all-full at every length':
    '混合架构消融：每种长度下混合模型占的字节都比全部全注意力少',
  'ablation rows (KV heads)': '消融的行数（KV 头数）',
  'ablation KV bytes per token (bf16) halve 8 → 4 → 2 → 1, = engine ledger':
    '消融：每 token 的 KV 字节（bf16）随 8 → 4 → 2 → 1 减半，= 引擎账本',
  'T = 4,096: RNN steps per layer that cannot run in parallel': 'T = 4,096：RNN 每层不能并行的步数',
  'T = 4,096: updates from token 1 to token T':
    'T = 4,096：从第 1 个 token 到第 T 个要经过的更新次数',
  'T = 4,096: attention sequential steps per layer': 'T = 4,096：注意力每层的串行步数',
  'T = 4,096: attention path length token 1 → token T (causal mask row T, key 1)':
    'T = 4,096：注意力里第 1 个 token → 第 T 个的路径长度（因果掩码第 T 行、第 1 个 key）',
  'T = 4,096: keys token T reads directly (ones in the causal mask row)':
    'T = 4,096：第 T 个 token 直接读的 key 数（因果掩码那一行里 1 的个数）',
  'T = 4,096: query → key pairs under the causal mask':
    'T = 4,096：因果掩码下 query → key 的配对数',
  'zh-gift causal: 给了 → 苹果 / 小明': '「小明把苹果给了小王」因果掩码：给了 → 苹果 / 小明',
  'zh-gift causal weights: each of the 5 rows sums to 1 (±1e-6)':
    '「小明把苹果给了小王」因果权重：5 行各自和为 1（±1e-6）',
  '苹果 row: scaled scores s = q·k/√4': '「苹果」一行：缩放后的分数 s = q·k/√4',
  '苹果 row: weights without sink': '「苹果」一行：不加 sink 的权重',
  'sink logit +8: the sink takes > 99%': 'sink logit +8：sink 拿走 > 99%',
  'sink logit +8: the three weights sum < 1%': 'sink logit +8：三个权重之和 < 1%',
  'gate σ(0) = 0.5': '门 σ(0) = 0.5',
  'gate 0.5: |o| halved': '门 0.5：|o| 减半',
  'gate 0.5: weights unchanged': '门 0.5：权重不变',
  'anchor attn_output_gate': '锚点的 attn_output_gate',
  'out[The]': 'out[The]',
  'out[cat]': 'out[cat]',
  'cat row raw scores Q·K (The / cat)': 'cat 一行的原始分数 Q·K（The / cat）',
  'cat row weights (The / cat)': 'cat 一行的权重（The / cat）',
  'rows sum to 1 (±1e-6)': '每行和为 1（±1e-6）',
  'future weights exactly 0': '未来的权重恰为 0',
  'out[cat] = [0.42, 0.24] (page engine)': 'out[cat] = [0.42, 0.24]（页面上的引擎）',
  'starter code in a worker prints out[cat]': '示例代码在 worker 里打印 out[cat]',
  'starter code in a worker shows the cat row (The / cat)':
    '示例代码在 worker 里画出 cat 一行（The / cat）',
  'lesson 3 experiment: seed (softmax-variance/logic.js EXPERIMENT)':
    '第 3 课的实验：种子（softmax-variance/logic.js）',
  'lesson 3 experiment d = 256: std of q·k (engine.softmaxVariance)':
    '第 3 课的实验 d = 256：q·k 的标准差（engine.softmaxVariance）',
  'lesson 3 experiment d = 256: std of q·k / √d': '第 3 课的实验 d = 256：q·k / √d 的标准差',
  'lesson 3 experiment: keys in one softmax row': '第 3 课的实验：一行 softmax 里的 key 数',
  'lesson 3 experiment d = 256: largest weight of the row, unscaled':
    '第 3 课的实验 d = 256：不缩放时这一行的最大权重',
  'lesson 3 experiment d = 256: largest weight of the row, ÷√d':
    '第 3 课的实验 d = 256：÷√d 之后这一行的最大权重',
  'no mask: 给了 → 小王 (engine.attention, zh-gift)':
    '不加掩码：给了 → 小王（engine.attention，「小明把苹果给了小王」）',
  'T = 4,096: attention path length token 1 → token T (engine.causalMask)':
    'T = 4,096：注意力里第 1 个 token → 第 T 个的路径长度（engine.causalMask）',
  'cosine of K 小明 and K 小王 (engine.cosine)': 'K_小明 与 K_小王 的余弦（engine.cosine）',
  'dialog example scores (teaching-world.json)': '对话样本的分数（teaching-world.json）',
  'softmax of the dialog scores (engine.softmax)': '对话样本分数的 softmax（engine.softmax）',
  'proportional split of the dialog scores (engine.proportionalSplit)':
    '对话样本分数按比例分（engine.proportionalSplit）',
  'zero after softmax: 给了 row sum (engine.attention maskMode zero-after-softmax)':
    "softmax 之后再清零：「给了」一行的和（engine.attention，maskMode 'zero-after-softmax'）",
  'anchor heads × head_dim vs hidden_size (models.json)':
    '锚点的头数 × head_dim 对 hidden_size（models.json）',
  'anchor layers (models.json layers)': '锚点的层数（models.json）',
  'anchor full-attention layers, the ones that keep KV (models.json fullAttentionLayers)':
    '锚点的全注意力层数，即存 KV 的层（models.json fullAttentionLayers）',
  'anchor KV bytes per token (engine.kvLedger formula)':
    '锚点每 token 的 KV 字节（engine.kvLedger 的算式）',
  'anchor (GQA-4) KV per token': '锚点（GQA-4）每 token 的 KV',
  'anchor native context (models.json)': '锚点的原生上下文（models.json）',
  'anchor (GQA-4) KV for one request at its native context':
    '锚点（GQA-4）原生上下文下一条请求的 KV',
  'anchor as MHA, KV per token': '锚点改用 MHA，每 token 的 KV',
  'anchor query heads (models.json)': '锚点的 Q 头数（models.json）',
  'anchor KV heads = groups (models.json)': '锚点的 KV 头数 = 组数（models.json）',
  'anchor query heads per group (models.json)': '锚点每组的 Q 头数（models.json）',
  'DeepSeek-V2 (MLA) KV per token (engine.kvLedger formula)':
    'DeepSeek-V2（MLA）每 token 的 KV（engine.kvLedger 的算式）',
  'DeepSeek-V2 vs DeepSeek LLM 67B, BF16 (engine.kvLedgerVariants)':
    'DeepSeek-V2 对 DeepSeek LLM 67B，BF16（engine.kvLedgerVariants）',
  'DeepSeek-V2 vs the same model built with MHA (engine.kvLedgerVariants)':
    'DeepSeek-V2 对同一个模型改用 MHA（engine.kvLedgerVariants）',
  'every question links to a lesson page of lessons.json': '每道题都链接到 lessons.json 里的一课',
  'every question has exactly one right option': '每道题恰有一个正确选项',
  // the chapter guide's widgets: data flow, evolution map, misconceptions, library analogy
  'Qwen3.8-27B: hidden size d_model': 'Qwen3.8-27B：模型宽度 d_model',
  'Qwen3.8-27B: query width 24 × 256 (W_Q columns)': 'Qwen3.8-27B：Q 的宽度 24 × 256（W_Q 的列数）',
  'Qwen3.8-27B: query width vs hidden': 'Qwen3.8-27B：Q 的宽度与模型宽度',
  'Qwen3.8-27B: 4 KV heads × 256 (W_K / W_V columns)':
    'Qwen3.8-27B：4 个 KV 头 × 256（W_K / W_V 的列数）',
  'Qwen3.8-27B: q_norm / k_norm': 'Qwen3.8-27B：q_norm / k_norm',
  'Qwen3.8-27B: full-attention / linear layers': 'Qwen3.8-27B：全注意力层 / 线性注意力层',
  'Qwen3.8-27B: W_O back to the hidden width': 'Qwen3.8-27B：W_O 变回模型宽度',
  "Qwen3.8-27B: linear layers' fixed state": 'Qwen3.8-27B：线性注意力层的固定状态',
  'RNN at T = 4,096: updates from token 1 to the last':
    'RNN，T = 4,096：从第 1 个 token 到最后一个的更新次数',
  'additive, naive T×T×d_a at T = 4,096, d_a = 256 (BF16)':
    '加性注意力（朴素）T×T×d_a，T = 4,096、d_a = 256（BF16）',
  'dot product T×T at T = 4,096 (BF16)': '点积 T×T，T = 4,096（BF16）',
  'raw cosine of 给了 with itself': '直接比余弦：「给了」和它自己',
  'raw cosine: the three last': '直接比余弦：垫底的三个',
  'projected: the three first': '投影之后：前三名',
  '√256': '√256',
  'e^20': 'e^20',
  'proportional split of 10, 3, −4: the −4': '按比例分 10、3、−4：−4 那一份',
  'causal: 给了 → 苹果 / 小明': '因果掩码：给了 → 苹果 / 小明',
  'head A → 小明 / head B → 苹果': '头 A → 小明 / 头 B → 苹果',
  'K/V without / recomputed / with the cache': 'K/V：不用缓存 / 重算的 / 用缓存',
  'sink: row 苹果 weights': 'sink：「苹果」一行的权重',
  'anchor as MHA per token / at 262,144': '锚点按 MHA：每 token / 262,144 上下文',
  'anchor as MQA per token / at 262,144': '锚点按 MQA：每 token / 262,144 上下文',
  'anchor GQA-4 per token / at 262,144': '锚点的 GQA（4 个 KV 头）：每 token / 262,144 上下文',
  'DeepSeek LLM 67B per token (GQA-8 / as MHA)':
    'DeepSeek LLM 67B 每 token（GQA 8 个 KV 头 / 按 MHA）',
  'DeepSeek LLM 67B at 1M tokens': 'DeepSeek LLM 67B，1M token',
  'MLA numbers per layer per token': 'MLA 每层每 token 缓存的数字个数',
  'DeepSeek-V2 / V3 per token': 'DeepSeek-V2 / V3 每 token',
  'DeepSeek-V2 vs 67B (BF16)': 'DeepSeek-V2 相对 67B（BF16）',
  'GLM-5.3 per token / at 1,048,576': 'GLM-5.3 每 token / 1,048,576 上下文',
  'anchor linear layers: fixed state': '锚点的线性注意力层：固定状态',
  'softmax of 8 / 7 / 9': '8 / 7 / 9 的 softmax',
  'additive vs dot-product scores at T = 4,096 (BF16)': '加性注意力与点积的分数，T = 4,096（BF16）',
  'Qwen3.8-27B heads × head dim vs hidden': 'Qwen3.8-27B：头数 × 每头维数与模型宽度',
  'Qwen3.8-27B KV cache at 262,144 tokens (GQA-4)':
    'Qwen3.8-27B：262,144 token 的 KV cache（GQA，4 个 KV 头）',
  'Qwen3.8-27B groups = KV heads, Q heads per group': 'Qwen3.8-27B：组数 = KV 头数，每组的 Q 头数',
  'DeepSeek-V2 vs its own shape as MHA': 'DeepSeek-V2 相对同形状的 MHA',
  '“…because it was tired”: it → the book it reads most': '句末是 tired 的句子：it 读得最多的书',
  '“…because it was too wide”: it → the book it reads most':
    '另一句（it 指 street）：it 读得最多的书',
  'read back closer to the right noun’s contents (cos)': '读回来的内容更接近该指的那个名词（余弦）',
  'it rows sum to 1 (±1e-6)': 'it 那一行的和为 1（±1e-6）',
  // <attn-open-model>
  'greedy next token: the KV-cached generation equals the full pass':
    '贪心生成的下一个 token：用 KV 缓存生成的和完整前向传播的一致',
};
