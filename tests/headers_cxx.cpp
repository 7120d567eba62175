// The umbrella header compiles as C++ and its functions link from C++.
#include <circol/circol.h>

int main() {
    ccl_circle a = ccl_make_circle(ccl_v2(0.0, 0.0), 1.0);
    ccl_circle b = ccl_make_circle(ccl_v2(3.0, 0.0), 1.0);
    ccl_hit hit;
    bool found = ccl_sweep_circles(a, ccl_v2(1.0, 0.0), b, ccl_v2(0.0, 0.0), 2.0, &hit);
    return (found && hit.t == 1.0 && ccl_status_string(CCL_OK)[0] == 'o') ? 0 : 1;
}
