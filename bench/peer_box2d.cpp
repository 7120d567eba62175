// Box2D 2.4 behind the C interface of peers.h: time of impact and a balls-in-a-box world.
#include <box2d/b2_time_of_impact.h>
#include <box2d/box2d.h>

#include <cmath>
#include <cstdlib>
#include <new>
#include <vector>

#include "peers.h"

struct bench_b2_toi {
    std::vector<b2Vec2> centers; // 2 per pair: one vertex each for a and b, at the local origin
    std::vector<b2TOIInput> inputs;
    double t_max;
};

extern "C" bench_b2_toi *bench_b2_toi_create(const bench_pair *pairs, size_t count, double t_max) {
    bench_b2_toi *toi = new (std::nothrow) bench_b2_toi;
    if (toi == nullptr) {
        return nullptr;
    }
    toi->t_max = t_max;
    toi->centers.assign(2, b2Vec2(0.0f, 0.0f));
    toi->inputs.resize(count);
    for (size_t i = 0; i < count; ++i) {
        const bench_pair &p = pairs[i];
        b2TOIInput &in = toi->inputs[i];
        in.proxyA.Set(&toi->centers[0], 1, (float)p.ar);
        in.proxyB.Set(&toi->centers[1], 1, (float)p.br);
        in.sweepA.localCenter.SetZero();
        in.sweepA.c0.Set((float)p.ax, (float)p.ay);
        in.sweepA.c.Set((float)(p.ax + p.avx * t_max), (float)(p.ay + p.avy * t_max));
        in.sweepA.a0 = in.sweepA.a = 0.0f;
        in.sweepA.alpha0 = 0.0f;
        in.sweepB.localCenter.SetZero();
        in.sweepB.c0.Set((float)p.bx, (float)p.by);
        in.sweepB.c.Set((float)(p.bx + p.bvx * t_max), (float)(p.by + p.bvy * t_max));
        in.sweepB.a0 = in.sweepB.a = 0.0f;
        in.sweepB.alpha0 = 0.0f;
        in.tMax = 1.0f;
    }
    return toi;
}

extern "C" void bench_b2_toi_run(const bench_b2_toi *toi, double *t_out, int *state_out) {
    size_t count = toi->inputs.size();
    for (size_t i = 0; i < count; ++i) {
        b2TOIOutput out;
        b2TimeOfImpact(&out, &toi->inputs[i]);
        bool hit = out.state == b2TOIOutput::e_touching || out.state == b2TOIOutput::e_overlapped;
        t_out[i] = hit ? (double)out.t * toi->t_max : INFINITY;
        if (state_out != nullptr) {
            state_out[i] = (int)out.state;
        }
    }
}

extern "C" void bench_b2_toi_inputs(const bench_b2_toi *toi, size_t i, float out[8],
                                    float *radius_sum) {
    const b2TOIInput &in = toi->inputs[i];
    out[0] = in.sweepA.c0.x;
    out[1] = in.sweepA.c0.y;
    out[2] = in.sweepA.c.x;
    out[3] = in.sweepA.c.y;
    out[4] = in.sweepB.c0.x;
    out[5] = in.sweepB.c0.y;
    out[6] = in.sweepB.c.x;
    out[7] = in.sweepB.c.y;
    *radius_sum = in.proxyA.m_radius + in.proxyB.m_radius;
}

extern "C" double bench_b2_linear_slop(void) {
    return (double)b2_linearSlop;
}

extern "C" float bench_b2_toi_target(float radius_sum) {
    return b2Max(b2_linearSlop, radius_sum - 3.0f * b2_linearSlop);
}

extern "C" void bench_b2_toi_destroy(bench_b2_toi *toi) {
    delete toi;
}

// ---- balls in a box ----

struct bench_b2_balls {
    b2World world;
    std::vector<b2Body *> balls;
    float dt;
    bench_b2_balls() : world(b2Vec2(0.0f, 0.0f)), dt(0.0f) {}
};

static void *b2_balls_create(const bench_balls_setup *s) {
    bench_b2_balls *e = new (std::nothrow) bench_b2_balls;
    if (e == nullptr) {
        return nullptr;
    }
    e->dt = (float)s->dt;
    e->world.SetAllowSleeping(false);
    b2BodyDef wall_def;
    b2Body *walls = e->world.CreateBody(&wall_def);
    float L = (float)s->box;
    b2Vec2 corners[4] = {b2Vec2(0, 0), b2Vec2(L, 0), b2Vec2(L, L), b2Vec2(0, L)};
    for (int k = 0; k < 4; ++k) {
        b2EdgeShape edge;
        edge.SetTwoSided(corners[k], corners[(k + 1) % 4]);
        b2FixtureDef fd;
        fd.shape = &edge;
        fd.friction = 0.0f;
        fd.restitution = 1.0f;
        fd.restitutionThreshold = 0.0f;
        walls->CreateFixture(&fd);
    }
    b2CircleShape circle;
    circle.m_radius = (float)s->radius;
    e->balls.reserve((size_t)s->n);
    for (int i = 0; i < s->n; ++i) {
        b2BodyDef bd;
        bd.type = b2_dynamicBody;
        bd.position.Set((float)s->x[i], (float)s->y[i]);
        bd.linearVelocity.Set((float)s->vx[i], (float)s->vy[i]);
        bd.allowSleep = false;
        b2Body *body = e->world.CreateBody(&bd);
        b2FixtureDef fd;
        fd.shape = &circle;
        fd.density = (float)(1.0 / (M_PI * s->radius * s->radius)); // unit mass
        fd.friction = 0.0f;
        fd.restitution = 1.0f;
        fd.restitutionThreshold = 0.0f;
        body->CreateFixture(&fd);
        e->balls.push_back(body);
    }
    return e;
}

static void b2_balls_step(void *engine) {
    bench_b2_balls *e = static_cast<bench_b2_balls *>(engine);
    e->world.Step(e->dt, 8, 3);
}

static void b2_balls_positions(void *engine, double *x, double *y) {
    bench_b2_balls *e = static_cast<bench_b2_balls *>(engine);
    for (size_t i = 0; i < e->balls.size(); ++i) {
        b2Vec2 p = e->balls[i]->GetPosition();
        x[i] = p.x;
        y[i] = p.y;
    }
}

static void b2_balls_destroy(void *engine) {
    delete static_cast<bench_b2_balls *>(engine);
}

extern "C" const bench_stepper bench_box2d_stepper = {
    "Box2D 2.4", b2_balls_create, b2_balls_step, b2_balls_positions, b2_balls_destroy, nullptr};
