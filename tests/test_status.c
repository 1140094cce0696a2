#include <string.h>
#include "check.h"
#include "status.h"
#include "interrupt.h"

static void test_strerror(void)
{
    CHECK(strcmp(imp_strerror(IMP_OK), "ok") == 0);
    CHECK(strcmp(imp_strerror(IMP_EINTERRUPT), "interrupted!") == 0);
    CHECK(strncmp(imp_strerror(IMP_EOVERFLOW), "the result is outside double's range", 20) == 0);
    for (int s = IMP_OK; s <= IMP_ENOSOLUTION; s++)    /* every status has its words */
        CHECK(strcmp(imp_strerror((imp_status)s), "unknown status") != 0);
}

static void test_interrupt_flag(void)
{
    imp_interrupt_clear();
    CHECK(!imp_interrupt_pending());
    imp_interrupt_raise();
    CHECK(imp_interrupt_pending());
    imp_interrupt_clear();
    CHECK(!imp_interrupt_pending());
}

int main(void)
{
    RUN(test_strerror);
    RUN(test_interrupt_flag);
    return check_summary();
}
