"""Trajectories in GSD, the HOOMD schema that HOOMD-blue, OVITO and freud read."""

import numpy as np


def _open_gsd(path):
    import gsd
    import gsd.hoomd

    major = int(str(gsd.__version__).split(".")[0])
    return gsd.hoomd, gsd.hoomd.open(path, mode="w" if major >= 3 else "wb")


class GSDWriter:
    """Writes a world's circles, one frame per write(), to a GSD file (HOOMD schema, 2D).

    HOOMD boxes are centred on the origin, so positions are written relative to the centre of
    the world's box. Each frame holds position, velocity, diameter, mass, image (periodic worlds:
    how many times each circle crossed the box, counted from one frame to the next, so a circle
    must move less than half the box between writes) and the log entries ``circol/time`` and
    ``particles/circol_id``. Needs python3-gsd.
    """

    def __init__(self, path, world):
        self._schema, self._file = _open_gsd(path)
        self._world = world
        x0, y0, x1, y1 = world.box
        self._center = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
        self._lengths = np.array([x1 - x0, y1 - y0])
        self._step = 0
        self._last = None

    def _images(self, ids, positions):
        """Image counts: unchanged where the circles are not the same as last frame's."""
        if self._last is None or not np.array_equal(self._last[0], ids):
            images = np.zeros((ids.size, 2), dtype=np.int32)
        else:
            last_ids, last_positions, images = self._last
            if self._world.periodic:
                crossed = np.rint((last_positions - positions) / self._lengths)
                images = images + crossed.astype(np.int32)
        self._last = (ids, positions, images)
        return images

    def write(self):
        """Appends the world's current state as a frame."""
        arrays = self._world.export(restitutions=False)
        n = arrays["ids"].size
        frame = (getattr(self._schema, "Frame", None) or self._schema.Snapshot)()
        frame.configuration.step = self._step
        frame.configuration.dimensions = 2
        frame.configuration.box = [self._lengths[0], self._lengths[1], 0, 0, 0, 0]
        particles = frame.particles
        particles.N = n
        particles.types = ["A"]
        particles.typeid = np.zeros(n, dtype=np.uint32)
        particles.position = np.zeros((n, 3), dtype=np.float32)
        particles.position[:, :2] = arrays["positions"] - self._center
        particles.velocity = np.zeros((n, 3), dtype=np.float32)
        particles.velocity[:, :2] = arrays["velocities"]
        particles.diameter = (2 * arrays["radii"]).astype(np.float32)
        particles.mass = arrays["masses"].astype(np.float32)
        particles.image = np.zeros((n, 3), dtype=np.int32)
        particles.image[:, :2] = self._images(arrays["ids"], arrays["positions"])
        frame.log["circol/time"] = np.array([self._world.time])
        frame.log["particles/circol_id"] = arrays["ids"]
        self._file.append(frame)
        self._step += 1

    def close(self):
        """Closes the file."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
