/* Two circles approach, one unit off-centre: when do they touch, and where are they after the
 * bounce? */
#include <stdio.h>

#include <circol/circol.h>

int main(void) {
    ccl_circle a = ccl_make_circle(ccl_v2(0, 0), 1), b = ccl_make_circle(ccl_v2(10, 1), 1);
    ccl_vec2 va = ccl_v2(4, 0), vb = ccl_v2(-4, 0);
    ccl_hit hit;
    if (ccl_sweep_circles(a, va, b, vb, 2.0, &hit)) {
        printf("touch at t = %.6f, point (%.4f, %.4f), normal (%.4f, %.4f)\n", hit.t, hit.point.x,
               hit.point.y, hit.normal.x, hit.normal.y);
    }
    ccl_body ba = {a.center, va, a.radius, 1.0, 1.0}, bb = {b.center, vb, b.radius, 1.0, 1.0};
    ccl_step_pair(&ba, &bb, 2.0, NULL); /* detect, move to impact, bounce, move on */
    printf("at t = 2: a at (%.4f, %.4f) moving (%.4f, %.4f)\n", ba.position.x, ba.position.y,
           ba.velocity.x, ba.velocity.y);
    return 0;
}
