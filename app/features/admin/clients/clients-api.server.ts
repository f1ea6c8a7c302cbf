import express, { type Router } from "express";
import { sendApiError } from "~/api/api-errors.server";
import { changedFields, quoted, recordAudit, requestActor } from "~/features/audit/audit.server";
import {
  createClient,
  getClient,
  getClientDetail,
  listClients,
  mergeClients,
  parseClientQuery,
  updateClient,
  type Client,
} from "~/features/clients/clients.server";
import type { AppServices } from "~/services.server";
import { idParam, INVALID_MESSAGE, readJson, sendNotFound, sendWrite } from "../list/resource-api.server";

// Clients (issue 37): GET/POST /api/admin/clients, GET/PUT /api/admin/clients/:id and
// POST /api/admin/clients/:id/merge { fromId }. Mounted inside the /api/admin router, after its
// session and role checks (features/auth/access.ts: office and owner).

const NOUN = "client";
const describe = (client: Pick<Client, "name" | "company">) =>
  `client ${quoted(client.company && client.company !== client.name ? `${client.name} (${client.company})` : client.name)}`;

export function clientsAdminApi(services: AppServices): Router {
  const router = express.Router();
  const db = () => services.database.db;

  router.get("/api/admin/clients", async (req, res) => {
    res.json(await listClients(db(), parseClientQuery(new URLSearchParams(req.url.split("?")[1] ?? ""))));
  });

  router.post("/api/admin/clients", readJson, async (req, res) => {
    const result = await createClient(db(), req.body);
    if (result.status === "ok")
      await recordAudit(
        db(),
        requestActor(req, res),
        {
          action: "client.create",
          summary: `Added ${describe(result.row)}`,
          target: { type: "client", id: result.row.id },
        },
        req.log,
      );
    sendWrite(res, result, NOUN, 201);
  });

  router.get("/api/admin/clients/:id", async (req, res) => {
    const id = idParam(req.params.id);
    const client = id ? await getClientDetail(db(), id) : null;
    if (client) res.json(client);
    else sendNotFound(res, NOUN);
  });

  router.put("/api/admin/clients/:id", readJson, async (req, res) => {
    const id = idParam(req.params.id);
    const before = id ? await getClient(db(), id) : null;
    const result = id ? await updateClient(db(), id, req.body) : ({ status: "not-found" } as const);
    if (result.status === "ok")
      await recordAudit(
        db(),
        requestActor(req, res),
        {
          action: "client.update",
          summary: `Changed ${describe(result.row)}`,
          target: { type: "client", id: result.row.id },
          details: { changed: changedFields(before, result.row) },
        },
        req.log,
      );
    sendWrite(res, result, NOUN, 200);
  });

  router.post("/api/admin/clients/:id/merge", readJson, async (req, res) => {
    const id = idParam(req.params.id);
    if (!id) return void sendNotFound(res, NOUN);
    const body = (req.body ?? {}) as { fromId?: unknown };
    const actor = requestActor(req, res);
    const result = await mergeClients(db(), id, body.fromId, (tx, kept, removed, moved) =>
      recordAudit(
        tx,
        actor,
        {
          action: "client.merge",
          summary: `Merged ${describe(removed)} (#${removed.id}) into ${describe(kept)}`,
          target: { type: "client", id: kept.id },
          details: { fromId: removed.id, moved },
        },
        req.log,
      ),
    );
    switch (result.status) {
      case "ok":
        return void res.json(await getClientDetail(db(), id));
      case "invalid":
        return void sendApiError(res, 400, INVALID_MESSAGE, { fieldErrors: result.fieldErrors });
      case "not-found":
        return void sendApiError(
          res,
          404,
          result.which === "id"
            ? "There is no client with this id. It may have been deleted."
            : "There is no client with the id in fromId. It may have been merged or deleted already.",
        );
    }
  });

  return router;
}
