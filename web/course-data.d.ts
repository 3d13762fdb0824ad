// The shapes of the course data files as the runtime hands them to widgets, after their JSON
// Schema (course-data/*.schema.json) and web/runtime.js's shape rules have accepted them. The
// schemas are the authority: the teaching world's types are generated from its schema
// (web/generated/teaching-world.d.ts, scripts/generate.mjs); a models.json entry is typed here as
// the engine's LedgerModel it becomes, plus the fields only the page reads.
import type { LedgerModel } from './attn-engine.js';

export type { Bilingual, ScoreExample, TeachingWorldDoc } from './generated/teaching-world.js';
import type { World } from './generated/teaching-world.js';
/** One world of course-data/teaching-world.json: tokens × dModel vectors and projections. */
export type TeachingWorld = World;

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
  /** Without ropeTheta: the models whose configs this one follows (their base is far larger). */
  ropeThetaFamily?: string[];
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
