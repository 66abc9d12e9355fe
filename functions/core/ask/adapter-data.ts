/* eslint-disable max-len */
/**
 * Ask's question adapter (core/ask/adapter.ts): written by `npm run train:ask-adapter` (scripts/train-ask-adapter.ts; do not edit by hand).
 * The matrix is row-major float32, little-endian, base64 (with `rank`: the factors s, U, V of core/ask/factored-adapter.ts instead),
 * checked against sha256 when read (once per container, retrieval.ts).
 */
import type { AdapterFile } from './adapter.js';

export const ASK_ADAPTER = {
 "command": "npm run train:ask-adapter -- --text ../shared/data/meetings-text/qmsum/train --grid '30,0.0005,0.01,0.05;60,0.003,0.01,0.05,d;60,0.005,0.01,0.05,r32;60,0.003,0.01,0.05,d32' --weights '1,0.4,5,0.25;1,0.6,5,0.25' --line-mix '0;0.5;1'",
 "trainedAt": "2026-11-27",
 "data": {
  "meetings": 162,
  "questions": 1095,
  "sha256": "e61d621a79d10112"
 },
 "training": {
  "steps": 60,
  "learningRate": 0.003,
  "l2": 0.01,
  "temperature": 0.05,
  "rank": 0,
  "diagonal": true
 },
 "crossValidated": {
  "folds": 5,
  "vectors": {
   "r1": 0.405,
   "r5": 0.814,
   "mrr": 0.572,
   "questions": 1095
  },
  "adapted": {
   "r1": 0.418,
   "r5": 0.815,
   "mrr": 0.582,
   "questions": 1095
  },
  "words": {
   "r1": 0.6,
   "r5": 0.868,
   "mrr": 0.714,
   "questions": 1095
  },
  "hybridUnadapted": {
   "r1": 0.622,
   "r5": 0.893,
   "mrr": 0.738,
   "questions": 1095
  },
  "hybrid": {
   "r1": 0.623,
   "r5": 0.893,
   "mrr": 0.739,
   "questions": 1095
  }
 },
 "enabled": true,
 "fusion": {
  "words": 1,
  "vectors": 0.6,
  "k": 5,
  "neighbours": 0.25
 },
 "answerThreshold": 0.208,
 "embedder": "use-lite",
 "dimensions": 512,
 "rank": 0,
 "sha256": "d32ba69a989bd89f249de427743aec3227ab6cfcc6ab8ab0795af5f0bd66e6ff",
 "matrix":
  '+Q+NPwOabz+E0IQ/87t7P9exgj9Yw4U/2ux8P2Adaz/rYIU/tZuLP2JMiz9VFoI/DF6CP5WzgD9NyoA/N1J/P86Ygj81bHY/MBJ4P3Vigz+ozHA/hVGKP/EegD/lM5A/xQ6LP0qUiD+Rwok/nHmJP1bkdD+TSIA/hZSAP5L6iD8vLoA/wp6NP3aWhD/qrIM/5aVmP8tkhj/9moE/mcN1P7eNgT+XTH4/W1VsP2sbez+3h3o/lyyAP16Xgj+eAoI/mUmSPzm/gT/+AXQ/3RGMP9GDiT+j4oY/J6h8P7D4hT8LjoE/37t2P4G8gT+XGok/ymSBP+m1gD8LBoE/jCyJP27NhT+QVoU/70R6P9o5hz/Yl4g/6ghbP9DLeT8TRYk/8eSDP3D6eD8tTnI/ImGLP2vtej/tDYQ/zRJrP0M3hT/HCIw/DOGLP03mdD/h/4U/slOPP6NZYT/t9IM/+6eAP2Jvez/bsn8/Mex/P/oQfj+xtIU/zviIPxTqez8Wrms/KHNvP7cWgD8vm4I/HlOHP/O6eT+oKYo/4TGBP0xqdj9FIok/LjR7P+r6gj+JY4M/A4OBPygagj8F3IQ/US2BPzJagT9BMYk//1eOPxzgjj8Rp4M/yON7P0DYkT8q94g/HiR+P9s3dT+QMnk/BYF7P9KDfT9qfIY/DcaGP1fnjT+MLYE/VeGGP5nmgj8Gs3Y/cb6DP6e5gz8djXA/98uCPyycWD8y1YQ/d/mRPzNhhT/Xpm8/oMyOPypdfj9BNYA/p/2KPx4hgD9LY4M/WySEPwJ+hD8FUoQ/YieBPwE5dT+ieoQ/J2SJP5JZgT9jpnE/SmeLP2hdhj/kBoM/Ni13P82Fgz9dU4s/wDiAP+bdjj8ZeI0/IHaEPy22Zz8r6nY/eQiEPxJHhz+48Io/ay2FPyhifD/oNIQ/SpSDPzAeXj+Kg3Q/h6WBP7k4gz/aDmU/N3BpP0CAjT8PWH8/jnl1P5ALgz82MIo/+06LPw5SYT+kaIY/5eGCP6SyXD/jLX0/jbx/PyFPhj/Ypoc/6wNvPzIQhj9HCW8/b1CCP/cAbj9xdYc/9fSCP7OYiz/NyYU/lsaQPyuLdT+UJYQ/TZaIP3hLiD/Sh4M/SG+CPwPWjT8NXoQ/LkJ2P8gmXT+roI0/76VoPwSogj+o9og/qoyMP5RQhj/h82E/bZ+GP2cQhj9crY8/pUGQP/pVgz/ERoM/hKCDP/ARXT+pZ5E/dzGQP5KBgD9oRYM/O8aJPwdvdj+g538/eIRmPzf9fz9URYM/yR6CPzP/iD+YMZI//5uGP7tjfD85TmY/x06CPzyEjz+S3os/AF6EP0WlhT+ID3I/3bqOP2rChj+sUYQ/OfaNP/yujz8a7Y8/vlaCP4wmhD/vxIg/Dzp9P5xGhD/1xIs/sTGQP28+fz9YjoU/yQeMPzYwfD8VtYk/laqCP+WEiT8a3ok/4oaEP+M2hT/oWl0/ZvKBPzOIiD+5eY8/dU2JP644fz9G/oQ/E4WEPyOmiT+gt38/IHSFP4ewez8UsoY/9zJ/PxJ7XT8QzXU/RDpyP44nhz/8OGc/9EeRPx+ShT9JAoE/ClqFP64AhT+lDnw//xaDPw8Rhj8xuoU/6slnP3Qvfj9eAYM/+XZ+P4lkhD91pmw/T/CGP6W2Yj896HU/4jODP8VNgT96Vo0/ASiCP0LDfj80nI0/pu+GP0BeeT+USYc/O2aHPwPIiz9W2I4/9bGAP8wChD/C2YY/2ZaNPyv0ez/8dIA/MHyAP9UugT9XbII/EOCDP3AFgT9ZQIs/t6SEP3eOiD8l0mM/rrh6P6YcgD9xVYY/uZOPP2jMgD96f4U/VcWBP630XD9cAYQ/a5SHP5JFiz/vU1s/qXaKP9HDXz8LDIQ/gteHPyh9hz/qfYo/dN53P5A6jT9gSV0/zFCCPzh/fj9BI4c/xVSBP1xAez/o/oE/6beDP0bGiz+Y94E/2uZ3P0JRhz/WBIU/oBaFPz7egT9lKGE/byWBP1NJjj+z0IQ/VmlhP/+2hT9E5IQ/K1eIP/w8fD+Z5H0/sFWOP1m8gj9k/I4/yf2EP5XEZD9E8ok/AdeOP4FgiD/ngWs/sGx6P9Q3fT9VkoM/6JF8P/JQhT+uE4w/5yR5P3HUaD+WB18/QJCHPzydhT+6kYg/c0OHP4mFiz+yD4A/OpF+P8BJiD8tB48/qBRkPzfDbj9rGYE/cbR2P7cSYD/RdoQ/o5eGP7gWjD9G62k/FhyKPxYohj8cA4U/7yOOP8k5kD+XlIc/1huDP3IFiz8D24Q/Kix0P/2RiD/IZG8/2PWAP2t1hz8EyYc/9tmDP2qwjj8T540/K9eBPzwsjz/Itog/NEWFPwK0cT+YiII/fxVyP8WQjT9Y8WQ/SPWBPzkxXT/oRoI/jsmJP+ijhD991IY/RjiPP7zlhD+kRIQ/kVuKPxl1gj/wPIM/TfKGPzDegj9O6GQ/29KEP9WHgz+1ZYU/omGEP139dj9lZ38/cOiNP6W+hj9Ue4Q/E7iPP6B3hT/Fh4A/exKNP28eez/6W5A/NB2OPyGqgj8W4YQ/D8qJP5bvgD/cNZA/wTqKP/8+jD9pjnM/Aut3P9cvXz8aSYM/UvxtP8nKjz/qwYw/dwyIP1B2ZD9FmoQ/wV+CP9lQiz+Yx4I/Pi17P0uVjz+rLms/WuN+P6Ouhj/OQ4A/nE+IP/2Tej/8C44/yU2EPxYnhj9YDoY/EFOIP2A3iD8=',
} as const satisfies AdapterFile;
