/* Each public header compiles on its own, then all together, as strict C17. */
#include <circol/world.h>
#include <circol/query.h>
#include <circol/response.h>
#include <circol/collision3d.h>
#include <circol/collision.h>
#include <circol/base.h>
#include <circol/checkpoint.h>
#include <circol/math.h>
#include <circol/circol.h>

int main(void) {
    ccl_circle a = ccl_make_circle(ccl_v2(0, 0), 1);
    ccl_circle b = ccl_make_circle(ccl_v2(2, 0), 1);
    return ccl_circles_overlap(a, b) ? 0 : 1;
}
