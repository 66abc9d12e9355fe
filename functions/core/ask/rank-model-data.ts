/**
 * Ask's learned reranker and question words: written by `npm run train:ask-rank` (scripts/train-ask-rank.ts; do not edit by hand).
 * A JSON object as a module, so it is bundled with the code that ranks and read once per container.
 */
import type { RankModelFile } from './rank-model.js';

export const ASK_RANK_MODEL = {
 "command": "npm run train:ask-rank -- --text ../shared/data/meetings-text/qmsum/train",
 "trainedAt": "2026-11-27",
 "data": {
  "meetings": 70,
  "questions": 531,
  "sha256": "568b61dc74e79588"
 },
 "crossValidated": {
  "folds": 5,
  "fused": {
   "r1": 0.669,
   "r5": 0.896,
   "mrr": 0.763,
   "questions": 531
  },
  "reranked": {
   "r1": 0.68,
   "r5": 0.879,
   "mrr": 0.766,
   "questions": 531
  },
  "depth": 30
 },
 "depth": 0,
 "questionWords": [
  "summariz"
 ],
 "ranker": {
  "features": [
   "words",
   "wordsRank",
   "inWords",
   "cosine",
   "cosineGap",
   "vectorsRank",
   "fused",
   "fusedRank",
   "coverage",
   "lineCoverage",
   "proximity",
   "speaker",
   "neighbours",
   "neighbourWords",
   "neighbourCoverage",
   "length"
  ],
  "mean": [
   0.321298,
   3.952646,
   0.852527,
   0.344863,
   -0.118366,
   3.995637,
   0.442098,
   3.663878,
   0.181207,
   0.157883,
   0.15777,
   0.11162,
   0.403621,
   0.28392,
   0.245965,
   4.822264
  ],
  "scale": [
   3.232066,
   0.723197,
   2.820262,
   7.544965,
   13.357585,
   0.727452,
   4.45701,
   0.970719,
   4.104046,
   4.518108,
   4.518603,
   5.003716,
   5.271504,
   4.254837,
   3.629709,
   0.906605
  ],
  "weights": [
   0.530739,
   0.117475,
   -0.315882,
   0.185039,
   0.212743,
   0.053303,
   -0.369363,
   -0.214602,
   -0.196165,
   0.258194,
   0.139068,
   0.35816,
   0.339501,
   0.201079,
   0.352074,
   -0.042826
  ]
 }
} as const satisfies RankModelFile;
