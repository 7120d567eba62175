/* A world asked questions: balls in a walled box with a slanted segment, advanced by frames; each
 * frame casts a ray across the box and counts the balls near the centre; a ball dropped onto
 * another is refused, and the refusal names the one it met. With a file name, it draws the last
 * frame into that file as a PPM image (balls white, the ray's hit red). */
#include <stdio.h>
#include <stdlib.h>

#include <circol/circol.h>

enum { SIZE = 200, BALLS = 150, FRAMES = 60 };

static void draw(const ccl_world *w, const ccl_ray_hit *hit, const char *path) {
    static unsigned char pixels[SIZE][SIZE][3];
    ccl_circle_state s[BALLS];
    int n = 0;
    ccl_world_export(w, s, BALLS, &n);
    for (int y = 0; y < SIZE; ++y) {
        for (int x = 0; x < SIZE; ++x) {
            ccl_vec2 p = ccl_v2((x + 0.5) * 100.0 / SIZE, (SIZE - y - 0.5) * 100.0 / SIZE);
            unsigned char v = 0;
            for (int k = 0; k < n; ++k) {
                v = ccl_length(ccl_sub(p, s[k].position)) < s[k].radius ? 255 : v;
            }
            bool mark = hit->hit && ccl_length(ccl_sub(p, hit->point)) < 1.5;
            pixels[y][x][0] = mark ? 255 : v;
            pixels[y][x][1] = mark ? 0 : v;
            pixels[y][x][2] = mark ? 0 : v;
        }
    }
    FILE *f = fopen(path, "wb");
    if (f != NULL) {
        fprintf(f, "P6\n%d %d\n255\n", SIZE, SIZE);
        fwrite(pixels, sizeof pixels, 1, f);
        fclose(f);
    }
}

static ccl_world *make_world(void) {
    ccl_world_def def = ccl_world_default_def(); /* a 100 x 100 walled box */
    ccl_world *w = NULL;
    if (ccl_world_create(&def, &w) != CCL_OK) {
        return NULL;
    }
    ccl_world_add_segment(w, ccl_make_segment(ccl_v2(20, 30), ccl_v2(60, 50)), NULL);
    srand(7);
    for (int k = 0; ccl_world_circle_count(w) < BALLS && k < 10 * BALLS; ++k) {
        ccl_circle_def c = ccl_circle_default_def();
        c.radius = 1.5;
        c.position = ccl_v2(2 + 96.0 * rand() / RAND_MAX, 2 + 96.0 * rand() / RAND_MAX);
        c.velocity = ccl_v2(20.0 * rand() / RAND_MAX - 10, 20.0 * rand() / RAND_MAX - 10);
        ccl_world_add_circle(w, &c, NULL); /* an overlapping one is refused: try another */
    }
    return w;
}

int main(int argc, char **argv) {
    ccl_world *w = make_world();
    if (w == NULL) {
        return 1;
    }
    ccl_ray_hit hit = {0};
    for (int frame = 0; frame < FRAMES; ++frame) {
        ccl_world_advance(w, 1.0 / 60.0);
        ccl_world_ray_cast(w, ccl_v2(1, 1), ccl_v2(98, 98), &hit);
        int near = 0;
        ccl_world_query_circle(w, ccl_v2(50, 50), 10.0, NULL, 0, &near);
        if (frame % 20 == 0) {
            printf("t %.3f: the ray meets %s at %.4f of its length; %d balls within 10 of the "
                   "centre\n",
                   ccl_world_time(w), hit.kind == CCL_CONTACT_CIRCLE ? "a ball" : "a wall",
                   hit.fraction, near);
        }
    }
    ccl_circle_state first;
    ccl_circle_state all[BALLS];
    int n = 0;
    ccl_world_export(w, all, BALLS, &n);
    first = all[0];
    ccl_circle_def drop = ccl_circle_default_def();
    drop.position = first.position;
    ccl_overlap_partner partner;
    if (ccl_world_add_circle(w, &drop, NULL) == CCL_ERR_OVERLAP &&
        ccl_world_last_overlap(w, &partner) == CCL_OK) {
        printf("circol %s: a ball dropped onto ball %u was refused; it met ball %u\n",
               ccl_version(), first.id.index, partner.circle.index);
    }
    if (argc > 1) {
        draw(w, &hit, argv[1]);
    }
    ccl_world_destroy(w);
    return 0;
}
