import { fitText } from '../ecpay/fields.ts';
import type { InvoiceRequest } from './invoice.ts';

/** ECPay's CarrierType: 1 its member carrier, 2 citizen certificate, 3 mobile barcode. */
const CARRIER_TYPE = { member: '1', citizen: '2', mobile: '3' } as const;

/**
 * The `Data` of a B2C Issue request (taxable sales, tax included, InvType 07). Company invoices are
 * printed with the buyer's tax ID and company name; donations carry the LoveCode; carriers their number.
 */
export function issueData(req: InvoiceRequest, merchantId: string) {
  const c = req.choice;
  const company = c.kind === 'company';
  const carrier =
    c.kind === 'member' || c.kind === 'citizen' || c.kind === 'mobile'
      ? {
          CarrierType: CARRIER_TYPE[c.kind],
          CarrierNum: c.kind === 'mobile' ? c.mobileBarcode : c.kind === 'citizen' ? c.citizenCert : '',
        }
      : { CarrierType: '', CarrierNum: '' };
  return {
    MerchantID: merchantId,
    RelateNumber: req.relateNumber,
    CustomerID: '',
    CustomerIdentifier: company ? c.taxId : '',
    CustomerName: fitText(company ? c.companyName : req.buyer.name, 60),
    CustomerAddr: fitText(req.buyer.address ?? '', 100),
    CustomerPhone: req.buyer.phone ?? '',
    CustomerEmail: req.buyer.email ?? '',
    ClearanceMark: '',
    Print: company ? '1' : '0',
    Donation: c.kind === 'donation' ? '1' : '0',
    LoveCode: c.kind === 'donation' ? c.donationCode : '',
    ...carrier,
    TaxType: '1',
    SalesAmount: req.total,
    InvoiceRemark: '',
    InvType: '07',
    vat: '1',
    Items: req.items.map((item, i) => ({
      ItemSeq: i + 1,
      ItemName: fitText(item.name, 100),
      ItemCount: item.quantity,
      ItemWord: item.unit ?? '件',
      ItemPrice: item.unitPrice,
      ItemTaxType: '1',
      ItemAmount: item.unitPrice * item.quantity,
      ItemRemark: '',
    })),
  };
}

export type IssueData = ReturnType<typeof issueData>;
