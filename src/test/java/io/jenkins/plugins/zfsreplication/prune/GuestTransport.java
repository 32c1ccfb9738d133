package io.jenkins.plugins.zfsreplication.prune;

import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.transfer.PipelineSpec;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.Spawner;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;

/**
 * Both ends in the OpenZFS guest, the stream through this host: {@code ssh guest 'zfs send ...' |
 * ssh guest 'zfs recv ...'}. Each ssh is a connection of its own (no multiplexing), so that the
 * process this host holds is the one that moves the bytes and the engine's meter counts the stream.
 */
final class GuestTransport implements Transport {
    private final SshCommandRunner ssh;

    GuestTransport() {
        this.ssh = new SshCommandRunner(System.getenv().getOrDefault("ZFSR_GUEST_SSH_HOST", "zfsr-guest"),
                List.of("-F", System.getenv("ZFSR_GUEST_SSH_CONFIG"), "-o", "ControlMaster=no", "-o", "ControlPath=none",
                        "-o", "ConnectTimeout=180"),
                new ProcessCommandRunner());
    }

    @Override
    public String name() {
        return "ssh-guest";
    }

    @Override
    public RunningPipeline start(PipelineSpec spec) {
        List<StageCommand> all = List.of(remote("send in the guest", spec.sendSide()),
                remote("recv in the guest", spec.receiveSide()));
        RunningPipeline pipeline = new RunningPipeline();
        Spawner.start(spec.sender(), all, null, null, spec.workDir()).forEach(pipeline::add);
        return pipeline;
    }

    private StageCommand remote(String role, List<StageCommand> stages) {
        List<String> argv = new ArrayList<>(ssh.wrap(List.of("PLACEHOLDER")));
        argv.set(argv.size() - 1, String.join(" | ", stages.stream().map(s -> SshCommandRunner.quote(s.argv())).toList()));
        return new StageCommand(role, argv);
    }
}
