/* Chipmunk2D 7 behind the C interface of peers.h: a balls-in-a-box space. */
#include <chipmunk/chipmunk.h>
#include <stdlib.h>

#include "peers.h"

typedef struct chipmunk_balls {
    cpSpace *space;
    cpBody **balls;
    int n;
    double dt;
} chipmunk_balls;

static void *chipmunk_create(const bench_balls_setup *s) {
    chipmunk_balls *e = calloc(1, sizeof *e);
    if (e == NULL) {
        return NULL;
    }
    e->balls = calloc((size_t)s->n, sizeof *e->balls);
    if (e->balls == NULL) {
        free(e);
        return NULL;
    }
    e->n = s->n;
    e->dt = s->dt;
    e->space = cpSpaceNew();
    cpSpaceSetGravity(e->space, cpvzero);
    cpSpaceUseSpatialHash(e->space, 2.0 * s->radius, 2 * s->n);
    cpBody *ground = cpSpaceGetStaticBody(e->space);
    double L = s->box;
    cpVect corners[4] = {cpv(0, 0), cpv(L, 0), cpv(L, L), cpv(0, L)};
    for (int k = 0; k < 4; ++k) {
        cpShape *wall = cpSegmentShapeNew(ground, corners[k], corners[(k + 1) % 4], 0.0);
        cpShapeSetElasticity(wall, 1.0);
        cpShapeSetFriction(wall, 0.0);
        cpSpaceAddShape(e->space, wall);
    }
    for (int i = 0; i < s->n; ++i) {
        cpBody *body = cpSpaceAddBody(
            e->space, cpBodyNew(1.0, cpMomentForCircle(1.0, 0.0, s->radius, cpvzero)));
        cpBodySetPosition(body, cpv(s->x[i], s->y[i]));
        cpBodySetVelocity(body, cpv(s->vx[i], s->vy[i]));
        cpShape *shape = cpSpaceAddShape(e->space, cpCircleShapeNew(body, s->radius, cpvzero));
        cpShapeSetElasticity(shape, 1.0);
        cpShapeSetFriction(shape, 0.0);
        e->balls[i] = body;
    }
    return e;
}

static void chipmunk_step(void *engine) {
    chipmunk_balls *e = engine;
    cpSpaceStep(e->space, e->dt);
}

static void chipmunk_positions(void *engine, double *x, double *y) {
    chipmunk_balls *e = engine;
    for (int i = 0; i < e->n; ++i) {
        cpVect p = cpBodyGetPosition(e->balls[i]);
        x[i] = p.x;
        y[i] = p.y;
    }
}

static void chipmunk_free_shape(cpBody *body, cpShape *shape, void *data) {
    (void)body;
    (void)data;
    cpSpaceRemoveShape(cpShapeGetSpace(shape), shape);
    cpShapeFree(shape);
}

static void chipmunk_destroy(void *engine) {
    chipmunk_balls *e = engine;
    for (int i = 0; i < e->n; ++i) {
        cpBodyEachShape(e->balls[i], chipmunk_free_shape, NULL);
        cpSpaceRemoveBody(e->space, e->balls[i]);
        cpBodyFree(e->balls[i]);
    }
    cpBodyEachShape(cpSpaceGetStaticBody(e->space), chipmunk_free_shape, NULL);
    cpSpaceFree(e->space);
    free(e->balls);
    free(e);
}

const bench_stepper bench_chipmunk_stepper = {"Chipmunk2D 7",     chipmunk_create,  chipmunk_step,
                                              chipmunk_positions, chipmunk_destroy, NULL};
