// The world page's drawing worker: a WorldPainter (world-paint.js) on the page's canvases, handed
// over as OffscreenCanvases by {type: 'init', canvases: [stage, chart], ratio}; every other
// message is the painter's, and its answers go back to the page.
import { WorldPainter } from './world-paint.js';

let painter = null;

// A worker has no pixel ratio of its own: the page's, for the helpers that draw lines one CSS
// pixel wide (cssPixel in ui.js).
function setRatio(ratio) {
    self.devicePixelRatio = ratio;
}

self.onmessage = ({ data }) => {
    if (data.type === 'init') {
        setRatio(data.ratio);
        painter = new WorldPainter(...data.canvases);
        return;
    }
    if (data.type === 'size') {
        setRatio(data.chart.ratio);
    }
    const answer = painter.handle(data);
    if (answer) {
        self.postMessage(answer, answer.flat ? [answer.flat.buffer] : []);
    }
};
