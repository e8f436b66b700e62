// One run's lifecycle: sweep leftovers, bring each requested service to health (already running,
// reused, or started by a launcher), and stop everything it started, exactly once.

import { freeLoopbackPort } from "../../../lib/net/free-port.js";
import {
  gatewayAuthHeaders,
  gatewayServiceUrl,
  type ResolvedConfig,
  type ServiceConfig,
} from "../config/index.js";
import { backingEnv } from "./backing-env.js";
import { chooseLauncher } from "./choose-launcher.js";
import { SignalGuard } from "./cleanup/signal-guard.js";
import { sweepLeftovers } from "./cleanup/sweeper.js";
import { projectId } from "./common/labels.js";
import { currentOwner, type Owner } from "./common/owner.js";
import { healthUrl, loopbackPort } from "./common/service-urls.js";
import type { RuntimeClient } from "./container-runtime/runtime-client.js";
import { confirmedReset } from "./launchers/confirmed-reset.js";
import type { StartedService } from "./launchers/launcher.js";
import { asResource, type Resource, stopInLayers } from "./resource.js";
import { ServiceFailure } from "./service-failure.js";
import type { BootOptions, BootResult } from "./types.js";
import { Wait } from "./wait-strategies/wait.js";

export interface BootDeps {
  /** Finds the container engine; injectable so tests can force "no engine". */
  getRuntime?: () => Promise<RuntimeClient | undefined>;
}

interface Ready {
  url: string;
  reset?: () => Promise<void>;
}

export class BootSession {
  private readonly resources: Resource[] = [];
  private readonly owner: Owner;
  private readonly guard = new SignalGuard(
    () => this.stop(),
    () => (this.options.keep || this.stopped ? [] : this.resources),
  );
  private stopped = false;
  private readonly resets = new Map<string, () => Promise<void>>();
  private runtimePromise?: Promise<RuntimeClient | undefined>;
  private stopping?: Promise<void>;

  constructor(
    private readonly config: ResolvedConfig,
    private readonly options: BootOptions,
    private readonly deps: BootDeps = {},
  ) {
    this.owner = { ...currentOwner(), project: projectId(config.configPath) };
  }

  async boot(names: string[]): Promise<BootResult> {
    const services = names.map((name) => this.serviceNamed(name));
    if (this.options.start) {
      this.guard.install();
      // Leftovers that cannot be removed must not stop this run; they are retried next time.
      await sweepLeftovers(
        this.config.rootDir,
        await this.runtime(),
        this.options.log,
        this.owner.project!,
      ).catch((error: Error) =>
        this.options.log(`cleanup: could not remove leftovers of earlier runs: ${error.message}`),
      );
    }
    // Aborted while booting: stop at once. After boot the runner decides when to call stop().
    const onAbort = () => void this.stop();
    this.options.signal?.addEventListener("abort", onAbort, { once: true });
    let busy = services.length;
    const settled = () => {
      if (--busy === 0) this.options.onWaiting?.();
    };
    if (busy === 0) this.options.onWaiting?.();
    const outcomes = await Promise.all(
      services.map((s) => {
        const once = onceOnly(settled);
        return this.bootOne(s, once)
          .catch((e: unknown) => this.failure(s, e))
          .finally(once);
      }),
    );
    this.options.signal?.removeEventListener("abort", onAbort);
    if (this.options.signal?.aborted) {
      await this.stop();
      throw this.options.signal.reason;
    }
    const required = outcomes.find((o): o is ServiceFailure => o instanceof ServiceFailure && o.required);
    if (required) {
      await this.stop();
      throw required.toError();
    }
    const ready = new Map<string, string>();
    const skipped = new Map<string, string>();
    outcomes.forEach((outcome, i) => {
      const name = services[i]!.name;
      if (outcome instanceof ServiceFailure) {
        skipped.set(name, outcome.toSkipReason());
        this.options.log(`${name}: skipped (optional): ${outcome.toSkipReason()}`);
      } else {
        ready.set(name, outcome.url);
        if (outcome.reset) this.resets.set(name, outcome.reset);
      }
    });
    if (this.resources.length === 0) this.guard.uninstall();
    return {
      ready,
      skipped,
      reset: async (service) => {
        await this.resets.get(service)?.();
      },
      stop: () => this.stop(),
    };
  }

  /** Stops and removes everything started (or, with --keep, prints how to). Idempotent. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.guard.uninstall();
      if (this.options.keep) {
        for (const r of this.resources)
          this.options.log(`kept running (--keep): ${r.description}; stop with: ${r.stopCommand}`);
        return;
      }
      await stopInLayers(this.resources, this.options.log);
      this.stopped = true;
    })();
    return this.stopping;
  }

  /** `polling` is called when the service is started and only its health is awaited. */
  private async bootOne(service: ServiceConfig, polling: () => void): Promise<Ready | ServiceFailure> {
    // SPEC §3b: with the gateway enabled, health is judged at the effective URL first, so a
    // service reachable only through the gateway is healthy; base_url is only the fallback.
    const gateway = this.config.api_gateway;
    if (gateway.enabled) {
      const effective = healthUrl(gatewayServiceUrl(gateway, service.name), service.health_endpoint);
      const probe = await this.http(effective).withHeaders(gatewayAuthHeaders(gateway)).probe(1000);
      if (probe.ok) {
        this.options.log(`${service.name}: already healthy through the gateway at ${effective}`);
        return { url: service.base_url };
      }
    }
    const configured = healthUrl(service.base_url, service.health_endpoint);
    const first = await this.http(configured).probe(1000);
    const fail = (reason: string, lastSeen = first.seen, url = configured, tail: string[] = []) =>
      new ServiceFailure(service.name, service.required, url, lastSeen, reason, tail);
    if (first.ok) {
      this.options.log(`${service.name}: already healthy at ${service.base_url}`);
      return { url: service.base_url };
    }
    if (!this.options.start) return fail("not healthy, and --no-start forbids starting it");
    if (!service.auto_start) return fail("not healthy, and auto_start is false");
    const runtime = await this.runtime();
    if (this.options.reuse && runtime) {
      // Docker-only code (and what it imports) is loaded only when containers are in play.
      const { reuseContainer } = await import("./reuse.js");
      const reused = await reuseContainer(runtime, service, this.config.hash, this.options.log);
      if (reused) return reused;
    }
    const launcher = await chooseLauncher(service, this.config.rootDir, runtime);
    if (launcher instanceof ServiceFailure) return launcher;
    const hostPort = loopbackPort(service.base_url) ?? (await freeLoopbackPort());
    const mine: Resource[] = [];
    const track = (r: Resource) => {
      mine.push(r);
      this.resources.push(r);
      // Started after stop() began (aborted mid-boot): it must not outlive the run either.
      if (this.stopping && !this.options.keep) void r.stop().catch(() => {});
    };
    let started: StartedService | undefined;
    try {
      const prepared = launcher.prepare?.({ service, rootDir: this.config.rootDir, log: this.options.log });
      prepared?.catch(() => {}); // awaited by start(); a failure surfaces there
      const env = await backingEnv(runtime, launcher.name, {
        service,
        runId: this.options.runId,
        configHash: this.config.hash,
        owner: this.owner,
        keep: this.options.keep,
        log: this.options.log,
        signal: this.options.signal,
        track,
      });
      started = await launcher.start({
        service,
        rootDir: this.config.rootDir,
        configHash: this.config.hash,
        runId: this.options.runId,
        owner: this.owner,
        keep: this.options.keep,
        hostPort,
        env: env.vars,
        network: env.network,
        log: this.options.log,
        signal: this.options.signal,
      });
      track(asResource(started));
      const target = healthUrl(started.url, service.health_endpoint);
      const t0 = performance.now();
      polling();
      await this.http(target).waitUntilReady({
        timeoutMs: service.startup_timeout,
        signal: AbortSignal.any([started.exited, ...(this.options.signal ? [this.options.signal] : [])]),
        wakeup: started.wakeup,
      });
      const ms = Math.round(performance.now() - t0);
      this.options.log(`${service.name}: healthy at ${started.url} (${launcher.name}, ${ms} ms after start)`);
      const running = started;
      return { url: running.url, reset: () => confirmedReset(service.name, target, () => running.reset()) };
    } catch (error) {
      if (this.options.signal?.aborted) throw error;
      const failure = this.failure(service, error, started, await started?.finalLogTail(50));
      await stopInLayers(mine, this.options.log);
      return failure;
    }
  }

  private failure(
    service: ServiceConfig,
    error: unknown,
    started?: StartedService,
    logTail = started?.logTail(50) ?? [],
  ): ServiceFailure {
    const err = error as { lastSeen?: string; target?: string; message?: string; code?: string };
    const url = err.target ?? healthUrl(started?.url ?? service.base_url, service.health_endpoint);
    let reason: string;
    if (started?.exited.aborted)
      reason = `it exited before becoming healthy (${(started.exited.reason as Error).message})`;
    else if (err.code === "E2E_WAIT_TIMEOUT")
      reason = `not healthy within its startup_timeout of ${service.startup_timeout}ms`;
    else reason = `could not be started: ${err.message ?? String(error)}`;
    return new ServiceFailure(
      service.name,
      service.required,
      url,
      err.lastSeen ?? "nothing (never polled)",
      reason,
      logTail,
    );
  }

  private runtime(): Promise<RuntimeClient | undefined> {
    this.runtimePromise ??= this.deps.getRuntime
      ? this.deps.getRuntime()
      : import("./container-runtime/runtime-client.js").then((m) => m.getRuntimeClient());
    return this.runtimePromise;
  }

  private http(url: string) {
    const wait = Wait.forHttp(url);
    return this.config.security.verify_ssl ? wait : wait.allowInsecure();
  }

  private serviceNamed(name: string): ServiceConfig {
    const service = this.config.services[name];
    if (!service) {
      const known = Object.keys(this.config.services).join(", ") || "none";
      throw new Error(
        `bootServices: no service "${name}" in ${this.config.configPath} (configured: ${known})`,
      );
    }
    return service;
  }
}

function onceOnly(fn: () => void): () => void {
  let called = false;
  return () => {
    if (!called) {
      called = true;
      fn();
    }
  };
}
