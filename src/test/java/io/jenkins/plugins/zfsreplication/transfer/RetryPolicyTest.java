package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import org.junit.jupiter.api.Test;

/** Which failures are tried again, and how long each retry waits. */
class RetryPolicyTest {
    @Test
    void shouldCallOnlyFailuresOfTheLinkOrABusyTargetTransient() {
        assertThat(RetryPolicy.transientReason("ssh root@nas-b exited 255: ssh: connect to host nas-b port 22: "
                + "Connection refused")).isEqualTo("ssh could not reach the host (exit 255)");
        assertThat(RetryPolicy.transientReason("zfs send exited 1: warning: cannot send 'a@b': signal received; "
                + "socat connect exited 1: E write(5, 0x1, 8192): Connection reset by peer"))
                .isEqualTo("the connection was reset");
        assertThat(RetryPolicy.transientReason("zfs recv exited 1: cannot receive new filesystem stream: "
                + "dataset is busy")).isEqualTo("the target was busy");
        assertThat(RetryPolicy.transientReason("socat connect ended while the stream was incomplete: the connection "
                + "went silent for the silence timeout")).isEqualTo("the link dropped");
        assertThat(RetryPolicy.transientReason("zfs recv exited 1: cannot receive incremental stream: destination "
                + "tank/x has been modified since most recent snapshot")).isNull();
        assertThat(RetryPolicy.transientReason("zfs recv exited 1: cannot receive: permission denied")).isNull();
        assertThat(RetryPolicy.transientReason("ssh root@nas-b exited 1: zfs: command not found")).isNull();
    }

    @Test
    void shouldDoubleTheDelayForEachRetryUpToAnHour() {
        RetryPolicy policy = new RetryPolicy(3, Duration.ofSeconds(30));

        assertThat(policy.delayBefore(1)).isEqualTo(Duration.ofSeconds(30));
        assertThat(policy.delayBefore(2)).isEqualTo(Duration.ofSeconds(60));
        assertThat(policy.delayBefore(3)).isEqualTo(Duration.ofSeconds(120));
        assertThat(new RetryPolicy(10, Duration.ofMinutes(30)).delayBefore(10)).isEqualTo(Duration.ofHours(1));
    }

    @Test
    void shouldRefuseRetryCountsAndDelaysOutOfBounds() {
        assertThatThrownBy(() -> new RetryPolicy(-1, Duration.ZERO)).hasMessage("Retries must be between 0 and 10, not -1");
        assertThatThrownBy(() -> new RetryPolicy(11, Duration.ZERO)).hasMessage("Retries must be between 0 and 10, not 11");
        assertThatThrownBy(() -> new RetryPolicy(2, Duration.ofHours(2)))
                .hasMessage("The retry delay must be between 0 and 3600 s, not 7200 s");
    }
}
