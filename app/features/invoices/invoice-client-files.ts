import type { Route } from "./+types/invoice-client-files";
import { PRIVATE_HEADERS } from "~/features/quotes/quote-client-api.server";
import { bankOf, findInvoiceByToken, invoiceFiles } from "./invoice-documents.server";

// The client's downloads from /i/<token>: the PDF (/i/<token>/pdf) and the UBL e-invoice
// (/i/<token>/ubl.xml), made from the issued document as the e-mail attaches them. Private like the
// page: never cached or indexed; a draft or an unknown link is a 404.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = context;
  const db = services.database.db;
  const row = await findInvoiceByToken(db, params.token);
  if (!row)
    return new Response("Not found", {
      status: 404,
      headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  const ubl = new URL(request.url).pathname.endsWith("/ubl.xml");
  const bank = bankOf(services.settings.businessSettings());
  const files = await invoiceFiles(services, db, services.business, bank, row, { pdf: !ubl, ubl });
  if (ubl)
    return new Response(files.ubl!.content, {
      headers: {
        ...PRIVATE_HEADERS,
        "Content-Type": "application/xml; charset=utf-8",
        "Content-Disposition": `attachment; filename="${files.ubl!.filename}"`,
      },
    });
  return new Response(new Uint8Array(files.pdf!.content), {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${files.pdf!.filename}"`,
    },
  });
}
