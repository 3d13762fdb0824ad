// The shapes of the course data files as the runtime hands them to widgets, after their JSON
// Schema (course-data/*.schema.json) and web/runtime.js's shape rules have accepted them. The
// schemas are the authority; these types only let tsc check how widgets read the data.
import type { LedgerModel } from './attn-engine.js';

export interface Bilingual {
  'zh-CN': string;
  en: string;
}

/** One world of course-data/teaching-world.json: tokens × dModel vectors and projections. */
export interface TeachingWorld {
  title: Bilingual;
  tokens: string[];
  tokensEn: string[];
  dModel: number;
  heads: number;
  /** [tokens, dModel] */
  x: number[][];
  /** [dModel, dModel·] (row-vector convention: q = x · Wq) */
  Wq: number[][];
  Wk: number[][];
  /** Either Wv or V is present. */
  Wv?: number[][];
  /** [tokens, dModel]: values given directly. */
  V?: number[][];
  note?: Bilingual;
}

export interface ScoreExample {
  tokens: string[] | Bilingual[];
  scores: number[];
}

/** course-data/teaching-world.json */
export interface TeachingWorldDoc {
  version: 1;
  worlds: Record<string, TeachingWorld>;
  scoreExamples: Record<string, ScoreExample>;
}

/** One entry of course-data/models.json (a config model, or one with only a reported size). */
export interface CourseModel extends LedgerModel {
  id: string;
  name: string;
  source: string;
  anchor?: boolean;
  notes?: string;
  /** The same notes in Chinese (models.json; a pasted config.json gets both). */
  notesZh?: string;
  hiddenSize?: number;
  positionEmbedding?: string;
  ropeTheta?: number;
  slidingWindow?: number;
  attention?: LedgerModel['attention'] & {
    rotaryDim?: number;
    outputGate?: boolean;
    qLoraRank?: number;
    qkNopeHeadDim?: number;
    vHeadDim?: number;
  };
  linearAttention?: LedgerModel['linearAttention'] & {
    kind?: string;
    numValueHeads?: number;
    keyHeadDim?: number;
    valueHeadDim?: number;
    stateDtype?: string;
  };
}

/** course-data/models.json */
export interface ModelsDoc {
  version: 1;
  models: CourseModel[];
}
