// A play button and a time slider over the interval 0 <= t <= 1 (the pair and walls pages). The
// slider's value is the time drawn; playing moves it from 0 (or where it is) to 1 in DURATION
// milliseconds of real time and stops there. Moving the slider pauses.
import { Stage, fmt } from './ui.js';

const DURATION = 2500;
// The timeline's controls, written into its element on the page (one markup for both pages).
const CONTROLS = `<button id="play" type="button" aria-pressed="false">Play</button>
<label>t <input id="time" aria-label="time" type="range" min="0" max="1" step="0.001" value="1"></label>
<output id="time-value" for="time"></output>`;

// The stage (canvas #stage, width x height in the drawing's units) and the timeline (in #timeline)
// of the pair and walls pages; draw() redraws either.
export function timedStage(width, height, draw) {
    const byId = (id) => document.getElementById(id);
    return {
        stage: new Stage(byId('stage'), width, height, draw),
        timeline: new Timeline(byId('timeline'), draw),
    };
}

export class Timeline {
    // Fills the element container with the controls (#play, #time, #time-value); onChange(t) runs
    // whenever the time changes.
    constructor(container, onChange) {
        container.innerHTML = CONTROLS;
        const [button, slider, readout] = ['play', 'time', 'time-value'].map((id) => container.querySelector(`#${id}`));
        Object.assign(this, { button, slider, readout, onChange, playing: false, frame: 0 });
        button.addEventListener('click', () => (this.playing ? this.pause() : this.play()));
        slider.addEventListener('input', () => {
            this.pause();
            this.show();
            this.onChange(this.value);
        });
        this.show();
    }

    // The time shown, in [0, 1].
    get value() {
        return Number(this.slider.value);
    }

    // Sets the time shown (and redraws).
    set(t) {
        this.slider.value = String(Math.min(Math.max(t, 0), 1));
        this.show();
        this.onChange(this.value);
    }

    show() {
        this.readout.textContent = fmt(this.value, 2);
        this.slider.setAttribute('aria-valuetext', `t = ${fmt(this.value, 2)}`);
        this.button.textContent = this.playing ? 'Pause' : 'Play';
        this.button.setAttribute('aria-pressed', String(this.playing));
    }

    // Plays from the time shown, or from 0 when it is at the end.
    play() {
        const from = this.value >= 1 ? 0 : this.value;
        const start = performance.now();
        this.playing = true;
        const tick = (now) => {
            if (!this.playing) {
                return;
            }
            const t = Math.min(1, from + (now - start) / DURATION);
            if (t >= 1) {
                this.playing = false;
            } else {
                this.frame = requestAnimationFrame(tick);
            }
            this.set(t);
        };
        this.set(from);
        this.frame = requestAnimationFrame(tick);
    }

    pause() {
        this.playing = false;
        cancelAnimationFrame(this.frame);
        this.show();
    }
}

// Where a body is at time t of the interval, from the library's answer: on its first velocity
// until the impact, then from the centre at impact on the velocity after it. At t = 1 it is the
// library's own end point.
export function positionAt(t, start, velocity, hit, atImpact, after, end) {
    if (t >= 1) {
        return end;
    }
    if (!hit || t <= hit.t) {
        return { x: start.x + velocity.x * t, y: start.y + velocity.y * t };
    }
    return { x: atImpact.x + after.x * (t - hit.t), y: atImpact.y + after.y * (t - hit.t) };
}
