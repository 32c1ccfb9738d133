package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.Spawner;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import java.util.ArrayList;
import java.util.List;

/** Both ends on one host: {@code zfs send | ... | zfs recv} as one chain of pipes. */
public final class LocalTransport implements Transport {
    @Override
    public String name() {
        return "local";
    }

    @Override
    public RunningPipeline start(PipelineSpec spec) {
        List<StageCommand> all = new ArrayList<>(spec.sendSide());
        all.addAll(spec.receiveSide());
        RunningPipeline pipeline = new RunningPipeline();
        Spawner.start(spec.sender(), all, null, null, spec.workDir()).forEach(pipeline::add);
        return pipeline;
    }
}
