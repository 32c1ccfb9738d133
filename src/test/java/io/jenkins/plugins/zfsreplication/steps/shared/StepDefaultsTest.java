package io.jenkins.plugins.zfsreplication.steps.shared;

import io.jenkins.plugins.zfsreplication.steps.sendrecv.SendRecvSettings;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.ZfsSendRecvStep;
import io.jenkins.plugins.zfsreplication.steps.verify.VerifySettings.Hashing;
import io.jenkins.plugins.zfsreplication.steps.verify.VerifySettings;
import io.jenkins.plugins.zfsreplication.steps.verify.ZfsVerifyStep;
import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.transfer.SendOption;
import org.junit.jupiter.api.Test;

/** Fields a job leaves empty take the system configuration's defaults, and where those are empty the built-in ones. */
class StepDefaultsTest {
    private static final StepDefaults SYSTEM = new StepDefaults("sha256", "128K", 4, "ssh", "backup-key");

    @Test
    void shouldFallBackToTheBuiltInValuesWhereTheSystemConfigurationIsEmpty() {
        assertThat(new StepDefaults(null, " ", 0, "", null)).isEqualTo(StepDefaults.BUILT_IN)
                .isEqualTo(new StepDefaults("xxh64", "1M", 1, "local", ""));
        assertThat(new StepDefaults(null, "4K", -3, null, " ")).isEqualTo(new StepDefaults("xxh64", "4K", 1, "local", ""));
    }

    @Test
    void shouldGiveAVerifyThatNamesNoHashOrBlockSizeTheSystemDefaults() {
        ZfsVerifyStep step = new ZfsVerifyStep("disk.img");

        assertThat(step.settings(SYSTEM))
                .isEqualTo(new VerifySettings("disk.img", "verify", new Hashing("128K", 1, "sha256", "auto", 0), null,
                        true));
        assertThat(step.settings(StepDefaults.BUILT_IN).options().blockSize()).isEqualTo(1 << 20);
    }

    @Test
    void shouldStoreAnEmptyFormFieldAsUnsetSoTheDefaultApplies() {
        ZfsVerifyStep step = new ZfsVerifyStep("disk.img");
        step.setHash("");
        step.setBlockSize("  ");

        assertThat(step.getHash()).isNull();
        assertThat(step.getBlockSize()).isNull();
        assertThat(step.settings(SYSTEM)).isEqualTo(new ZfsVerifyStep("disk.img").settings(SYSTEM));
    }

    @Test
    void shouldKeepWhatAJobSetsItself() {
        ZfsVerifyStep step = new ZfsVerifyStep("disk.img");
        step.setHash("xxh3");
        step.setBlockSize("64K");
        ZfsSendRecvStep transfer = new ZfsSendRecvStep("plan.json");
        transfer.setTransport("local");
        transfer.setConcurrency(2);

        assertThat(step.settings(SYSTEM)).extracting(s -> s.hashing().hash(), s -> s.hashing().blockSize())
                .containsExactly("xxh3", "64K");
        assertThat(transfer.settings(SYSTEM)).extracting(SendRecvSettings::transport,
                settings -> settings.options().concurrency()).containsExactly("local", 2);
    }

    @Test
    void shouldGiveASendRecvThatNamesNoTransportOrConcurrencyTheSystemDefaults() {
        ZfsSendRecvStep step = new ZfsSendRecvStep("plan.json");
        step.setSshHost("backup@nas");

        SendRecvSettings settings = step.settings(SYSTEM);

        assertThat(settings.transport()).isEqualTo("ssh");
        assertThat(settings.options().concurrency()).isEqualTo(4);
        assertThat(step.credentialsId(SYSTEM)).isEqualTo("backup-key");
        step.setSshCredentialsId("other-key");
        assertThat(step.credentialsId(SYSTEM)).isEqualTo("other-key");
        assertThat(new ZfsSendRecvStep("plan.json").credentialsId(StepDefaults.BUILT_IN)).isEmpty();
        assertThat(new ZfsSendRecvStep("plan.json").settings(StepDefaults.BUILT_IN))
                .extracting(SendRecvSettings::transport, built -> built.options().concurrency())
                .containsExactly("local", 1);
    }

    @Test
    void shouldNotMountWhatZfsSendRecvReceivesUnlessTheStepSaysSo() {
        ZfsSendRecvStep step = new ZfsSendRecvStep("plan.json");

        assertThat(step.settings(StepDefaults.BUILT_IN).options().requested())
                .containsExactlyInAnyOrder(SendOption.NO_MOUNT, SendOption.NEUTRALISE);
        step.setMountReceived(true);
        // mounting is left to zfs; what the stream may share or run is still the target's to decide
        assertThat(step.settings(StepDefaults.BUILT_IN).options().requested()).containsExactly(SendOption.NEUTRALISE);
    }
}
