/* circol CLI: where a picture's circles show in its box, for every way of drawing it. */
#include "picture.h"

int ccl_cli_svg_images(const ccl_cli_svg_picture *picture, int i, ccl_vec2 at[9]) {
    const ccl_cli_svg_circle *c = &picture->circles[i];
    ccl_vec2 size = ccl_sub(picture->box_max, picture->box_min);
    int images = picture->periodic ? 1 : 0;
    int count = 0;
    for (int sx = -images; sx <= images; sx++) {
        for (int sy = -images; sy <= images; sy++) {
            ccl_vec2 p = ccl_v2(c->position.x + sx * size.x, c->position.y + sy * size.y);
            if (p.x + c->radius < picture->box_min.x || p.x - c->radius > picture->box_max.x ||
                p.y + c->radius < picture->box_min.y || p.y - c->radius > picture->box_max.y) {
                continue;
            }
            at[count++] = p;
        }
    }
    return count;
}
