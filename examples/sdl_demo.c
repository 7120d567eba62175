/* A Breakout-like game on circol's world, drawn with SDL2: a round paddle (a kinematic circle)
 * follows the mouse or the arrow keys, fast balls (which pass through each other: a filter) knock
 * out bricks (immovable circles, removed when hit), and two rings (sensors) score a bonus when a
 * ball passes through them. Each frame advances the world by 1/60 and draws it; no ball can
 * tunnel through a brick or the paddle, whatever its speed.
 *
 *   sdl_demo [--headless] [--frames N] [--screenshot FILE.png]
 *
 * --headless plays itself (the paddle follows the lowest ball) as fast as it can, checks after
 * every frame that each ball is inside the field, and exits with status 1 if one ever left it or
 * the score never changed; with SDL_VIDEODRIVER=dummy (or offscreen) its window is never shown,
 * and without any video driver it runs without a window. --screenshot writes the last frame as
 * a PNG. */
#include <math.h>
#include <png.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include <circol/circol.h>

enum { WIDTH = 64, HEIGHT = 48, SCALE = 12, BALLS = 3, ROWS = 5, COLUMNS = 15, BONUS = 2 };
enum { BALL_BIT = 1u << 1, BRICK_BIT = 1u << 2 };
static const double FRAME = 1.0 / 60.0, PADDLE_Y = 4.5, PADDLE_R = 4.0, BALL_R = 0.6;
static const double BALL_SPEED = 90.0, PADDLE_SPEED = 120.0; /* 1.5 and 2 units a frame */

typedef struct game {
    ccl_world *world;
    ccl_circle_id paddle, balls[BALLS], bonus[BONUS];
    ccl_circle_id bricks[ROWS * COLUMNS];
    bool brick_alive[ROWS * COLUMNS];
    int score, misses;
} game;

/* A ball on its way up from above the paddle, at a slant that depends on k. */
static ccl_circle_def ball_def(int k) {
    ccl_circle_def c = ccl_circle_default_def();
    double angle = 1.1 + 0.35 * k;
    c.position = ccl_v2(WIDTH / 2.0 - 6.0 + 6.0 * k, PADDLE_Y + PADDLE_R + 3.0);
    c.velocity = ccl_v2(BALL_SPEED * cos(angle), BALL_SPEED * sin(angle));
    c.radius = BALL_R;
    return c;
}

static bool add_circle(game *g, ccl_vec2 p, double r, double mass, ccl_circle_id *id) {
    ccl_circle_def c = ccl_circle_default_def();
    c.position = p;
    c.radius = r;
    c.mass = mass;
    return ccl_world_add_circle(g->world, &c, id) == CCL_OK;
}

/* The bricks in rows at the top, and the two bonus rings (sensors) below them. */
static bool add_bricks(game *g) {
    for (int row = 0; row < ROWS; ++row) {
        for (int col = 0; col < COLUMNS; ++col) {
            int k = row * COLUMNS + col;
            ccl_vec2 p = ccl_v2(4.0 + col * 4.0 + (row % 2) * 1.5, HEIGHT - 4.0 - row * 3.2);
            if (!add_circle(g, p, 1.4, 0.0, &g->bricks[k])) {
                return false;
            }
            g->brick_alive[k] = true;
        }
    }
    for (int k = 0; k < BONUS; ++k) {
        if (!add_circle(g, ccl_v2(WIDTH * (k + 1) / 3.0, HEIGHT / 2.0), 3.0, 0.0, &g->bonus[k]) ||
            ccl_world_set_sensor(g->world, g->bonus[k], true) != CCL_OK) {
            return false;
        }
    }
    return true;
}

static bool game_start(game *g) {
    memset(g, 0, sizeof *g);
    ccl_world_def def = ccl_world_default_def();
    def.box_max = ccl_v2(WIDTH, HEIGHT);
    def.record_contacts = true;
    if (ccl_world_create(&def, &g->world) != CCL_OK ||
        !add_circle(g, ccl_v2(WIDTH / 2.0, PADDLE_Y), PADDLE_R, 0.0, &g->paddle) ||
        !add_bricks(g)) {
        return false;
    }
    for (int k = 0; k < BALLS; ++k) {
        ccl_circle_def c = ball_def(k);
        if (ccl_world_add_circle(g->world, &c, &g->balls[k]) != CCL_OK ||
            ccl_world_set_filter(g->world, g->balls[k], BALL_BIT, ~(unsigned)BALL_BIT) != CCL_OK) {
            return false;
        }
    }
    return true;
}

/* Moves the paddle toward x: its velocity is set for the coming frame (a kinematic circle). */
static void steer(game *g, double x) {
    ccl_circle_state s;
    ccl_world_get_circle(g->world, g->paddle, &s);
    double vx = (x - s.position.x) / FRAME;
    vx = vx > PADDLE_SPEED ? PADDLE_SPEED : vx < -PADDLE_SPEED ? -PADDLE_SPEED : vx;
    ccl_world_set_velocity(g->world, g->paddle, ccl_v2(vx, 0.0));
}

/* The scripted player: the paddle goes under the lowest ball on its way down. */
static double autoplay_target(const game *g) {
    double best_y = HEIGHT, x = WIDTH / 2.0;
    for (int k = 0; k < BALLS; ++k) {
        ccl_circle_state s;
        if (ccl_world_get_circle(g->world, g->balls[k], &s) == CCL_OK && s.velocity.y < 0.0 &&
            s.position.y < best_y) {
            best_y = s.position.y;
            x = s.position.x;
        }
    }
    return x;
}

static bool is_ball(const game *g, ccl_circle_id id) {
    for (int k = 0; k < BALLS; ++k) {
        if (g->balls[k].index == id.index && g->balls[k].generation == id.generation) {
            return true;
        }
    }
    return false;
}

/* A brick hit by a ball is knocked out (after the advance: the world is locked during it). */
static void knock_out(game *g, ccl_circle_id id) {
    for (int k = 0; k < ROWS * COLUMNS; ++k) {
        if (g->brick_alive[k] && g->bricks[k].index == id.index &&
            g->bricks[k].generation == id.generation) {
            ccl_world_remove_circle(g->world, id);
            g->brick_alive[k] = false;
            g->score += 1;
        }
    }
}

/* A ball that reached the floor is served again from above the paddle. */
static void serve_again(game *g, ccl_circle_id ball) {
    for (int k = 0; k < BALLS; ++k) {
        if (g->balls[k].index == ball.index) {
            ccl_circle_def c = ball_def(k);
            if (ccl_world_set_position(g->world, ball, c.position) == CCL_OK) {
                ccl_world_set_velocity(g->world, ball, c.velocity);
                g->misses++;
            }
        }
    }
}

/* One frame of the game: the world advanced by 1/60, then its contacts read. */
static bool game_frame(game *g) {
    if (ccl_world_advance(g->world, FRAME) != CCL_OK) {
        return false;
    }
    size_t n = 0;
    const ccl_contact_event *events = ccl_world_contact_events(g->world, &n);
    ccl_circle_id hit[64], floor_hit[BALLS];
    int hits = 0, floors = 0;
    for (size_t m = 0; m < n; ++m) {
        const ccl_contact_event *e = &events[m];
        if (e->kind == CCL_CONTACT_CIRCLE && hits < 64) {
            hit[hits++] = is_ball(g, e->a) ? e->b : e->a;
        } else if (e->kind == CCL_CONTACT_BOX && e->wall == 2 && floors < BALLS) {
            floor_hit[floors++] = e->a;
        } else if (e->kind == CCL_CONTACT_SENSOR_BEGIN) {
            g->score += 5;
        }
    }
    for (int k = 0; k < hits; ++k) { /* copied first: a removal ends the events' lifetime */
        knock_out(g, hit[k]);
    }
    for (int k = 0; k < floors; ++k) {
        serve_again(g, floor_hit[k]);
    }
    return true;
}

/* Whether every ball is inside the field. */
static bool balls_inside(const game *g) {
    for (int k = 0; k < BALLS; ++k) {
        ccl_circle_state s;
        if (ccl_world_get_circle(g->world, g->balls[k], &s) != CCL_OK || s.position.x < s.radius ||
            s.position.x > WIDTH - s.radius || s.position.y < s.radius ||
            s.position.y > HEIGHT - s.radius) {
            return false;
        }
    }
    return true;
}

/* ---- drawing, into a 32-bit surface ---- */

static void put(SDL_Surface *s, int x, int y, Uint32 colour) {
    if (x >= 0 && y >= 0 && x < s->w && y < s->h) {
        ((Uint32 *)s->pixels)[(size_t)y * (size_t)(s->pitch / 4) + (size_t)x] = colour;
    }
}

/* A disc (or a ring of the given width, when ring > 0) in world coordinates. */
static void draw_disc(SDL_Surface *s, ccl_vec2 c, double r, double ring, Uint32 colour) {
    int x0 = (int)floor((c.x - r) * SCALE), x1 = (int)ceil((c.x + r) * SCALE);
    int y0 = (int)floor((HEIGHT - c.y - r) * SCALE), y1 = (int)ceil((HEIGHT - c.y + r) * SCALE);
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) {
            double dx = (x + 0.5) / SCALE - c.x, dy = HEIGHT - (y + 0.5) / SCALE - c.y;
            double d = sqrt(dx * dx + dy * dy);
            if (d <= r && (ring <= 0.0 || d >= r - ring)) {
                put(s, x, y, colour);
            }
        }
    }
}

/* The score in 3 x 5 digits at the top left. */
static void draw_score(SDL_Surface *s, int score) {
    static const char *font[10] = {"111101101101111", "010110010010111", "111001111100111",
                                   "111001111001111", "101101111001001", "111100111001111",
                                   "111100111101111", "111001001001001", "111101111101111",
                                   "111101111001111"};
    char text[16];
    int len = snprintf(text, sizeof text, "%d", score);
    for (int k = 0; k < len; ++k) {
        const char *glyph = font[text[k] - '0'];
        for (int p = 0; p < 15; ++p) {
            for (int d = 0; glyph[p] == '1' && d < 16; ++d) {
                put(s, 8 + k * 16 + (p % 3) * 4 + d % 4, 8 + (p / 3) * 4 + d / 4, 0xffffffffu);
            }
        }
    }
}

static void draw_game(SDL_Surface *s, const game *g) {
    SDL_FillRect(s, NULL, SDL_MapRGB(s->format, 16, 20, 32));
    static const Uint8 rows[ROWS][3] = {
        {230, 80, 80}, {230, 150, 60}, {220, 210, 70}, {90, 200, 110}, {80, 150, 230}};
    for (int k = 0; k < ROWS * COLUMNS; ++k) {
        ccl_circle_state st;
        if (g->brick_alive[k] && ccl_world_get_circle(g->world, g->bricks[k], &st) == CCL_OK) {
            const Uint8 *c = rows[k / COLUMNS];
            draw_disc(s, st.position, st.radius, 0.0, SDL_MapRGB(s->format, c[0], c[1], c[2]));
        }
    }
    ccl_circle_state st;
    for (int k = 0; k < BONUS; ++k) {
        ccl_world_get_circle(g->world, g->bonus[k], &st);
        draw_disc(s, st.position, st.radius, 0.25, SDL_MapRGB(s->format, 200, 120, 255));
    }
    ccl_world_get_circle(g->world, g->paddle, &st);
    draw_disc(s, st.position, st.radius, 0.0, SDL_MapRGB(s->format, 200, 200, 210));
    for (int k = 0; k < BALLS; ++k) {
        ccl_world_get_circle(g->world, g->balls[k], &st);
        draw_disc(s, st.position, st.radius, 0.0, SDL_MapRGB(s->format, 255, 255, 255));
    }
    draw_score(s, g->score);
}

/* Writes the surface (32-bit ARGB) as an RGB PNG. */
static bool write_png(SDL_Surface *s, const char *path) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)s->w;
    image.height = (png_uint_32)s->h;
    image.format = PNG_FORMAT_BGRA; /* ARGB8888 in little-endian memory */
    return png_image_write_to_file(&image, path, 0, s->pixels, s->pitch, NULL) != 0;
}

/* ---- the frame loop ---- */

typedef struct options {
    bool headless;
    int frames;
    const char *screenshot;
} options;

/* The paddle's target from the mouse or the keys (true while the window is open). */
static bool read_input(const game *g, double *target) {
    SDL_Event e;
    while (SDL_PollEvent(&e)) {
        if (e.type == SDL_QUIT || (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_ESCAPE)) {
            return false;
        }
        if (e.type == SDL_MOUSEMOTION) {
            *target = (double)e.motion.x / SCALE;
        }
    }
    const Uint8 *keys = SDL_GetKeyboardState(NULL);
    double step = PADDLE_SPEED * FRAME;
    ccl_circle_state s;
    ccl_world_get_circle(g->world, g->paddle, &s);
    if (keys[SDL_SCANCODE_LEFT]) {
        *target = s.position.x - step;
    } else if (keys[SDL_SCANCODE_RIGHT]) {
        *target = s.position.x + step;
    }
    return true;
}

static int play(game *g, const options *o, SDL_Window *window, SDL_Surface *canvas) {
    double target = WIDTH / 2.0;
    bool inside = true;
    for (int frame = 0; o->frames == 0 || frame < o->frames; ++frame) {
        Uint64 start = SDL_GetTicks64();
        if (!o->headless && !read_input(g, &target)) {
            break;
        }
        steer(g, o->headless ? autoplay_target(g) : target);
        if (!game_frame(g)) {
            fprintf(stderr, "sdl_demo: the world failed\n");
            return 1;
        }
        inside = inside && balls_inside(g);
        if (window != NULL) {
            draw_game(canvas, g);
            SDL_BlitSurface(canvas, NULL, SDL_GetWindowSurface(window), NULL);
            SDL_UpdateWindowSurface(window);
        }
        Uint64 spent = SDL_GetTicks64() - start;
        if (!o->headless && spent < 16) {
            SDL_Delay((Uint32)(16 - spent)); /* about 60 frames a second */
        }
    }
    printf("sdl_demo: score %d, balls served again %d, balls always inside: %s\n", g->score,
           g->misses, inside ? "yes" : "no");
    return inside && g->score > 0 ? 0 : 1;
}

static bool parse(int argc, char **argv, options *o) {
    *o = (options){false, 0, NULL};
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--headless") == 0) {
            o->headless = true;
        } else if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            o->frames = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--screenshot") == 0 && i + 1 < argc) {
            o->screenshot = argv[++i];
        } else {
            fprintf(stderr, "usage: sdl_demo [--headless] [--frames N] [--screenshot FILE.png]\n");
            return false;
        }
    }
    if (o->headless && o->frames == 0) {
        o->frames = 600;
    }
    return true;
}

int main(int argc, char **argv) {
    options o;
    if (!parse(argc, argv, &o)) {
        return 2;
    }
    bool video = SDL_Init(SDL_INIT_VIDEO) == 0;
    if (!video && (!o.headless || SDL_Init(0) != 0)) {
        fprintf(stderr, "sdl_demo: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window *window = NULL;
    if (video) {
        window = SDL_CreateWindow("circol: breakout", SDL_WINDOWPOS_CENTERED,
                                  SDL_WINDOWPOS_CENTERED, WIDTH * SCALE, HEIGHT * SCALE, 0);
    }
    SDL_Surface *canvas = SDL_CreateRGBSurfaceWithFormat(0, WIDTH * SCALE, HEIGHT * SCALE, 32,
                                                         SDL_PIXELFORMAT_ARGB8888);
    game g;
    memset(&g, 0, sizeof g);
    int status = 1;
    if ((window != NULL || o.headless) && canvas != NULL && game_start(&g)) {
        status = play(&g, &o, window, canvas);
        if (o.screenshot != NULL) {
            draw_game(canvas, &g);
            status = write_png(canvas, o.screenshot) ? status : 1;
        }
    } else {
        fprintf(stderr, "sdl_demo: cannot start: %s\n", SDL_GetError());
    }
    ccl_world_destroy(g.world);
    SDL_FreeSurface(canvas);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return status;
}
